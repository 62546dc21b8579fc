//! Cantor expansion (the Lehmer code): the permutations of `0..N` numbered `0..N!` in
//! lexicographic order, so an array indexed by rank, not a hash map of strings, holds every
//! arrangement's value.
//! O(N²) each way; `N <= 20`, so that `N!` fits in 64 bits.

/// `n!`.
pub fn factorial(n: usize) -> usize {
    (1..=n).product()
}

/// The position of `perm`, a permutation of `0..N`, in lexicographic order.
pub fn rank<const N: usize>(perm: &[u8; N]) -> usize {
    let mut rank = 0;
    for (i, &value) in perm.iter().enumerate() {
        // Digit i of the mixed-radix number: the values smaller than this one still to come.
        let smaller_later = perm[i + 1..].iter().filter(|&&v| v < value).count();
        rank = rank * (N - i) + smaller_later;
    }
    rank
}

/// The permutation of `0..N` at position `rank` in lexicographic order: the inverse of [`rank`].
pub fn unrank<const N: usize>(mut rank: usize) -> [u8; N] {
    let mut perm = [0u8; N];
    let mut unused = (1u32 << N) - 1;
    for (i, slot) in perm.iter_mut().enumerate() {
        let weight = factorial(N - 1 - i);
        // Digit i picks the (rank / weight)-th smallest value not used yet.
        let mut candidates = unused;
        for _ in 0..rank / weight {
            candidates &= candidates - 1;
        }
        let value = candidates.trailing_zeros();
        *slot = value as u8;
        unused &= !(1 << value);
        rank %= weight;
    }
    perm
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ranks_follow_lexicographic_order() {
        assert_eq!(rank(&[0, 1, 2]), 0);
        assert_eq!(rank(&[0, 2, 1]), 1);
        assert_eq!(rank(&[1, 0, 2]), 2);
        assert_eq!(rank(&[2, 1, 0]), 5);
        assert_eq!(rank(&[8, 7, 6, 5, 4, 3, 2, 1, 0]), factorial(9) - 1);
    }

    #[test]
    fn unrank_inverts_rank_on_every_permutation_of_six() {
        let mut previous = None;
        for r in 0..factorial(6) {
            let perm = unrank::<6>(r);
            assert_eq!(rank(&perm), r);
            assert!(previous < Some(perm), "ranks out of lexicographic order");
            previous = Some(perm);
        }
    }
}
