//! Essentially different small grids: Burnside's count against the
//! published figures and against classes found by brute force.

use std::collections::HashSet;

use sudokit_grid_count::essentially::{self, Shape};

/// The smallest image of `x` over every geometric map, digits renumbered
/// in order of first appearance: one representative per class.
fn brute_force_form(x: &[u8], maps: &[Vec<usize>]) -> Vec<u8> {
    maps.iter()
        .map(|m| {
            let mut relabel = [0u8; 10];
            let mut next = 1;
            m.iter()
                .map(|&src| {
                    let d = usize::from(x[src]);
                    if relabel[d] == 0 {
                        relabel[d] = next;
                        next += 1;
                    }
                    relabel[d]
                })
                .collect::<Vec<u8>>()
        })
        .min()
        .expect("maps")
}

#[test]
fn four_by_four_has_288_grids_in_two_classes() {
    // Published: 288 grids, 2 essentially different (Felgenhauer and
    // Jarvis, "Mathematics of Sudoku I"; Jarvis's enumeration pages).
    let shape = Shape {
        box_rows: 2,
        box_cols: 2,
    };
    let count = essentially::count(shape);
    assert_eq!(count.grids, 288);
    assert_eq!(count.geometric, 128);
    assert_eq!(count.stabiliser_sum % count.geometric, 0);
    assert_eq!(count.classes, 2);
    // Brute force over all 288 grids (every relabelling of the 12
    // normalised ones): exactly 2 distinct smallest images.
    let maps = essentially::geometric_maps(shape);
    let mut forms = HashSet::new();
    let mut grids = 0;
    essentially::for_each_normalised_grid(shape, |x| {
        for perm in permutations4() {
            let relabelled: Vec<u8> = x.iter().map(|&d| perm[usize::from(d) - 1]).collect();
            forms.insert(brute_force_form(&relabelled, &maps));
            grids += 1;
        }
    });
    assert_eq!(grids, 288);
    assert_eq!(forms.len(), 2);
}

fn permutations4() -> Vec<[u8; 4]> {
    let mut out = Vec::new();
    for a in 1..=4u8 {
        for b in 1..=4u8 {
            for c in 1..=4u8 {
                for d in 1..=4u8 {
                    let p = [a, b, c, d];
                    if (1..=4).all(|x| p.contains(&x)) {
                        out.push(p);
                    }
                }
            }
        }
    }
    out
}

#[test]
fn six_by_six_with_two_by_three_boxes_has_49_classes() {
    // Published: 28,200,960 grids, 49 essentially different with
    // relabelling (Jarvis's "Sudoku enumeration problems" pages).
    let count = essentially::count(Shape {
        box_rows: 2,
        box_cols: 3,
    });
    assert_eq!(count.grids, 28_200_960);
    assert_eq!(count.geometric, 3_456);
    assert_eq!(count.stabiliser_sum % count.geometric, 0);
    assert_eq!(count.classes, 49);
}
