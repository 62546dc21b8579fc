//! Exact distances on boards of up to 9 cells: every arrangement numbered by its Cantor rank,
//! and a breadth-first search over that array, on a grid or on any graph.

pub mod bfs;
pub mod cantor;
pub mod graph;
