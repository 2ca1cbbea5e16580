//! Norvig's essay, as tests: the candidate grid of his `grid2` after
//! propagation must show the table printed in the essay (checked by hand
//! against it once; the snapshot keeps it so).

use sudokit::core::RootPropagation;
use sudokit::read_classic;

const GRID2: &str = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";

#[test]
fn grid2_candidates_after_propagation() {
    let puzzle = read_classic(GRID2, &Default::default()).remove(0).unwrap().puzzle;
    let root = RootPropagation::of(&puzzle, false);
    assert!(root.contradiction.is_none());
    insta::assert_snapshot!(root.display(puzzle.geometry()));
}

/// The essay: `grid1` (Project Euler's Grid 01) is "completely solved by
/// constraint propagation"; `grid2` is not and needs search.
#[test]
fn grid1_falls_to_propagation_alone_grid2_does_not() {
    let grid1 = "003020600900305001001806400008102900700000008006708200002609500800203009005010300";
    let puzzle = read_classic(grid1, &Default::default()).remove(0).unwrap().puzzle;
    assert!(RootPropagation::of(&puzzle, false).is_solved());
    let puzzle = read_classic(GRID2, &Default::default()).remove(0).unwrap().puzzle;
    assert!(!RootPropagation::of(&puzzle, false).is_solved());
}
