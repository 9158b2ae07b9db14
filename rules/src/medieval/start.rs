//! Random starting arrays (\[004] Initial Setup 1.3): Fischer random and any seeded shuffle of
//! the back rank. Black's back rank mirrors White's, file by file.

use super::options::{MedievalOptions, StartArray};
use crate::board::Board;
use crate::piece::{KindId, Piece, PieceTable};
use crate::side::Side;
use crate::square::Square;
use rand::seq::SliceRandom;
use rand::SeedableRng;

/// The knights' places among the five squares left after the bishops and the queen, in
/// Scharnagl's numbering.
const KNIGHTS: [(usize, usize); 10] = [(0, 1), (0, 2), (0, 3), (0, 4), (1, 2), (1, 3), (1, 4), (2, 3), (2, 4), (3, 4)];

/// The Fischer random back rank number `n` (0..960), as symbols from file a to h.
#[must_use]
fn fischer_rank(n: u16) -> [char; 8] {
    let mut rank = [' '; 8];
    let n = usize::from(n % 960);
    rank[2 * (n % 4) + 1] = 'B';
    rank[2 * (n / 4 % 4)] = 'B';
    let empty = |rank: &[char; 8]| (0..8).filter(|&f| rank[f] == ' ').collect::<Vec<_>>();
    let queen = empty(&rank)[n / 16 % 6];
    rank[queen] = 'Q';
    let (a, b) = KNIGHTS[n / 96];
    let free = empty(&rank);
    rank[free[a]] = 'N';
    rank[free[b]] = 'N';
    for (file, symbol) in empty(&rank).into_iter().zip(['R', 'K', 'R']) {
        rank[file] = symbol;
    }
    rank
}

/// The starting placement for the chosen array. Random arrays rearrange the kinds on White's
/// first rank and Black's last rank, which must mirror each other.
pub(super) fn arrange(
    placement: &[(Square, Piece)],
    board: &Board,
    pieces: &PieceTable,
    options: &MedievalOptions,
) -> Result<Vec<(Square, Piece)>, String> {
    if options.start == StartArray::Standard {
        return Ok(placement.to_vec());
    }
    let top = board.ranks() - 1;
    let mut back: Vec<(u8, KindId)> = placement
        .iter()
        .filter(|(sq, p)| p.side == Side::White && sq.rank == 0)
        .map(|(sq, p)| (sq.file, p.kind))
        .collect();
    back.sort_unstable();
    let mut black: Vec<(u8, KindId)> = placement
        .iter()
        .filter(|(sq, p)| p.side == Side::Black && sq.rank == top)
        .map(|(sq, p)| (sq.file, p.kind))
        .collect();
    black.sort_unstable();
    if back != black || back.is_empty() {
        return Err("a random start needs Black's last rank to mirror White's first rank, file by file".into());
    }
    let kinds: Vec<KindId> = match options.start {
        StartArray::FischerRandom => fischer_kinds(&back, pieces, options.seed)?,
        _ => {
            let mut kinds: Vec<KindId> = back.iter().map(|&(_, k)| k).collect();
            kinds.shuffle(&mut rand::rngs::StdRng::seed_from_u64(options.seed));
            kinds
        }
    };
    let mut out: Vec<(Square, Piece)> = placement
        .iter()
        .filter(|(sq, p)| !(p.side == Side::White && sq.rank == 0 || p.side == Side::Black && sq.rank == top))
        .copied()
        .collect();
    for (&(file, _), &kind) in back.iter().zip(&kinds) {
        out.push((Square::new(file, 0), Piece { kind, side: Side::White }));
        out.push((Square::new(file, top), Piece { kind, side: Side::Black }));
    }
    Ok(out)
}

/// The kinds of the Fischer random back rank chosen by `seed`, checking that the back rank is
/// the chess army's (K, Q, two each of R, B, N) on eight files.
fn fischer_kinds(back: &[(u8, KindId)], pieces: &PieceTable, seed: u64) -> Result<Vec<KindId>, String> {
    let mut symbols: Vec<&str> = back.iter().map(|&(_, k)| pieces.get(k).symbol.as_str()).collect();
    symbols.sort_unstable();
    let full_rank = back.iter().map(|&(f, _)| f).eq(0..8);
    if !full_rank || symbols != ["B", "B", "K", "N", "N", "Q", "R", "R"] {
        return Err("a Fischer random start needs the chess back rank (K, Q, R, R, B, B, N, N) on files a to h".into());
    }
    let rank = fischer_rank((seed % 960) as u16);
    Ok(rank.iter().map(|c| pieces.by_symbol(&c.to_string()).expect("every symbol was checked")).collect())
}

#[cfg(test)]
mod tests {
    use super::fischer_rank;

    fn text(n: u16) -> String {
        fischer_rank(n).iter().collect()
    }

    #[test]
    fn scharnagl_numbers_give_the_known_arrays() {
        assert_eq!(text(518), "RNBQKBNR");
        assert_eq!(text(0), "BBQNNRKR");
        assert_eq!(text(959), "RKRNNQBB");
    }

    #[test]
    fn every_array_has_opposite_bishops_and_the_king_between_the_rooks() {
        let mut seen = std::collections::HashSet::new();
        for n in 0..960 {
            let r = fischer_rank(n);
            let at = |c: char| (0..8).filter(|&f| r[f] == c).collect::<Vec<_>>();
            let (b, k, rooks) = (at('B'), at('K'), at('R'));
            assert_eq!(b[0] % 2 + b[1] % 2, 1, "{n}");
            assert!(rooks[0] < k[0] && k[0] < rooks[1], "{n}");
            assert!(seen.insert(r), "{n} repeats");
        }
    }
}
