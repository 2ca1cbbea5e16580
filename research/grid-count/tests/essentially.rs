//! Essentially different small grids: Burnside's count against the
//! published figures and against classes found by brute force.

use std::collections::HashSet;

use sudokit_grid_count::essentially::{self, Shape};
use sudokit_grid_count::fixed;
use sudokit_grid_count::group::Group;

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

/// For each of `maps`, the grids whose first row reads `1 2 … n` that it
/// fixes up to relabelling, found by visiting every such grid once:
/// independent of the class method's search (another normalisation, no
/// propagation).
fn visited_fixed(shape: Shape, maps: &[Vec<usize>]) -> Vec<u64> {
    let mut fixed = vec![0; maps.len()];
    essentially::for_each_normalised_grid(shape, |x| {
        for (count, map) in fixed.iter_mut().zip(maps) {
            *count += u64::from(essentially::fixed_up_to_relabelling(x, map));
        }
    });
    fixed
}

/// On 4×4 and 6×6 the class method agrees with visiting every grid: for
/// each conjugacy class, the representative's fixed grids; in all, the
/// grids (288 and 28,200,960) and the classes (2 and 49), as published.
#[test]
fn conjugacy_classes_agree_with_visiting_every_grid_on_small_shapes() {
    for (shape, grids, classes) in [
        (
            Shape {
                box_rows: 2,
                box_cols: 2,
            },
            288,
            2,
        ),
        (
            Shape {
                box_rows: 2,
                box_cols: 3,
            },
            28_200_960,
            49,
        ),
    ] {
        let group = Group::new(shape);
        let by_classes = essentially::count_by_classes(shape, |_| {});
        let maps: Vec<Vec<usize>> = by_classes
            .classes
            .iter()
            .map(|c| group.cell_map(c.representative))
            .collect();
        let visited = visited_fixed(shape, &maps);
        let mut sum = 0;
        for ((figure, &fixed), map) in by_classes.classes.iter().zip(&visited).zip(&maps) {
            assert_eq!(figure.fixed, u128::from(fixed), "{shape:?} {figure:?}");
            // Without the symmetries that share memo entries, the same.
            assert_eq!(fixed::count_fixed(shape, map), fixed, "{shape:?} {figure:?}");
            sum += u128::from(figure.size) * u128::from(fixed);
        }
        assert_eq!(by_classes.sum, sum);
        assert_eq!(by_classes.essentially_different, classes);
        assert_eq!(by_classes.grids(shape), grids);
        let sizes: u64 = by_classes.classes.iter().map(|c| c.size).sum();
        assert_eq!(sizes, group.order());
    }
}

/// The centraliser of each class's representative holds exactly the
/// elements that commute with it (every element tried, on 4×4 and 6×6),
/// and on 9×9 has `|H| / class size` elements for each of the 275 classes.
#[test]
fn centralisers_hold_exactly_the_commuting_elements() {
    for shape in [
        Shape {
            box_rows: 2,
            box_cols: 2,
        },
        Shape {
            box_rows: 2,
            box_cols: 3,
        },
    ] {
        let group = Group::new(shape);
        let maps = essentially::geometric_maps(shape);
        for class in group.conjugacy_classes() {
            let h = group.cell_map(class.representative);
            let commuting: HashSet<Vec<usize>> = maps
                .iter()
                .filter(|g| (0..h.len()).all(|i| g[h[i]] == h[g[i]]))
                .cloned()
                .collect();
            let centraliser: HashSet<Vec<usize>> = group
                .centraliser(class.representative)
                .into_iter()
                .map(|g| group.cell_map(g))
                .collect();
            assert_eq!(centraliser, commuting, "{shape:?} {class:?}");
        }
    }
    let group = Group::new(NINE);
    for class in group.conjugacy_classes() {
        let centraliser = group.centraliser(class.representative);
        assert_eq!(centraliser.len() as u64 * class.size, group.order(), "{class:?}");
    }
}

/// Russell and Jarvis's table ("There are 5472730538 essentially different
/// Sudoku grids … and the Sudoku symmetry group", 2006): the 27 conjugacy
/// classes of the 9×9 group whose maps fix grids, as (class size, grids
/// with a fixed first box that one map fixes up to relabelling), sorted.
const RUSSELL_JARVIS: [(u64, u128); 27] = [
    (1, 18_383_222_420_692_992),
    (16, 107_495_424),
    (64, 2_508_084),
    (96, 21_233_664),
    (144, 14_837_760),
    (192, 4_204_224),
    (288, 5_184),
    (864, 2_085_120),
    (972, 449_445_888),
    (1_152, 6_342_480),
    (1_296, 30_258_432),
    (1_728, 2_592),
    (1_728, 294_912),
    (2_304, 648),
    (2_916, 155_492_352),
    (3_456, 1_296),
    (3_888, 27_648),
    (5_184, 323_928),
    (7_776, 13_824),
    (10_368, 1_854),
    (15_552, 1_728),
    (15_552, 3_456),
    (20_736, 162),
    (20_736, 288),
    (31_104, 6_480),
    (69_984, 13_056),
    (93_312, 288),
];

const NINE: Shape = Shape {
    box_rows: 3,
    box_cols: 3,
};

#[test]
fn the_published_table_adds_up_to_5472730538() {
    let sum: u128 = RUSSELL_JARVIS.iter().map(|&(n, a)| u128::from(n) * a).sum();
    assert_eq!(sum, 18_384_171_550_626_816);
    assert_eq!(sum / 3_359_232, 5_472_730_538);
    assert_eq!(sum % 3_359_232, 0);
    // The identity's entry is every grid over 9!.
    assert_eq!(RUSSELL_JARVIS[0].1 * 362_880, 6_670_903_752_021_072_936_960);
}

/// The 9×9 group has 3,359,232 maps in 275 conjugacy classes, and every
/// class size of the published table is among them.
#[test]
fn the_nine_by_nine_group_has_275_conjugacy_classes() {
    let group = Group::new(NINE);
    assert_eq!(group.order(), 3_359_232);
    let classes = group.conjugacy_classes();
    assert_eq!(classes.len(), 275);
    assert_eq!(classes.iter().map(|c| c.size).sum::<u64>(), 3_359_232);
    let mut sizes: Vec<u64> = classes.iter().map(|c| c.size).collect();
    for &(size, _) in &RUSSELL_JARVIS {
        let at = sizes
            .iter()
            .position(|&s| s == size)
            .expect("a published class size");
        sizes.swap_remove(at);
    }
}

/// Every class of a few sizes of the 9×9 group, counted, against the
/// published table: the part of the whole count (below) quick enough for
/// every test run. The sizes cover a class fixing millions of grids (64:
/// 2,508,084) and classes fixing few, and every class of each size is
/// counted, so the classes that fix nothing must come out 0.
#[test]
fn nine_by_nine_classes_of_some_sizes_match_the_published_table() {
    let sizes = [64, 2_304, 3_456, 10_368, 20_736, 69_984, 93_312];
    let group = Group::new(NINE);
    let mut nonzero: Vec<(u64, u128)> = group
        .conjugacy_classes()
        .into_iter()
        .filter(|class| sizes.contains(&class.size))
        .map(|class| essentially::class_figure(NINE, &group, class))
        .filter(|figure| figure.fixed > 0)
        .map(|figure| (figure.size, figure.fixed))
        .collect();
    nonzero.sort_unstable();
    let published: Vec<(u64, u128)> = RUSSELL_JARVIS
        .iter()
        .filter(|(size, _)| sizes.contains(size))
        .copied()
        .collect();
    assert_eq!(published.len(), 8);
    assert_eq!(nonzero, published);
}

/// The whole 9×9 count, every class against Russell and Jarvis's table:
/// about 15 s in release, a minute in a debug build (`cargo test --release
/// -p sudokit-grid-count --test essentially -- --ignored`).
#[test]
#[ignore = "a minute in a debug build: run with --ignored (in release, 15 s)"]
fn nine_by_nine_has_5472730538_essentially_different_grids() {
    let count = essentially::count_by_classes(NINE, |_| {});
    let mut nonzero: Vec<(u64, u128)> = count
        .classes
        .iter()
        .filter(|c| c.fixed > 0)
        .map(|c| (c.size, c.fixed))
        .collect();
    nonzero.sort_unstable();
    assert_eq!(nonzero, RUSSELL_JARVIS);
    assert_eq!(count.essentially_different, 5_472_730_538);
    assert_eq!(count.grids(NINE), 6_670_903_752_021_072_936_960);
}
