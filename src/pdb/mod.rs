//! Additive pattern databases. A table holds, for one group of tiles, the fewest moves of those
//! tiles from each of their placements; the tables of disjoint groups add up. Here: the tables
//! summed, the partitions, the tables built at run time (by ranks, and by sets of cells), the
//! placements' ranks, the large tables' builder, their files and the claims on building them,
//! and how a search gets them ready.

pub mod additive;
pub mod build;
#[cfg(feature = "tables")]
pub mod by_sets;
#[cfg(feature = "tables")]
pub mod claim;
#[cfg(feature = "tables")]
pub mod large;
pub mod partitions;
pub mod placements;
pub mod ready;
#[cfg(feature = "tables")]
pub mod saved;
