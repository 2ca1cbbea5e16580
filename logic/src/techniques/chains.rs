//! Alternating inference chains: X-chains, XY-chains and AICs, with the
//! weak links of every rule.

use std::borrow::Cow;
use std::collections::VecDeque;
use std::fmt::Write as _;

use smallvec::SmallVec;
use sudokit_core::{Cand, Cell, Digit, Reason};

use crate::board::Board;
use crate::technique::{Deduction, Technique};

/// Alternating inference chains (AIC) over candidates.
///
/// A *strong link* joins two candidates of which at least one is true: the
/// two digits of a bivalue cell, or the two places of a digit in a house
/// (a conjugate pair). A *weak link* joins two candidates that cannot both
/// be true: two digits of one cell, one digit in two peers, or a pair of
/// digits a relation forbids (anti-knight, non-consecutive, kropki dots …,
/// through [`Board::weakly_linked`]), so every variant's relations take
/// part without any code of their own.
///
/// A chain alternates them, strong first and last:
/// `A = B - C = D`. If `A` is false, `B` is true, so `C` is false and `D`
/// true: at least one of `A` and `D` is true, so every candidate weakly
/// linked to both `A` and `D` is false. This is sound whatever path the
/// chain takes: each link is an implication that holds in every solution.
///
/// The loops need no case of their own. The discontinuous nice loop
/// `A - B = … = C - A` (`A` true makes `A` false) is the chain `B … C`
/// removing `A`. The loop `A = B - … - C = A` (`A` false makes `A` true)
/// always comes with a shorter chain: `A = B - … = Y` (where `Y - C`)
/// removes `C`, which sees both `A` and `Y`; the shortest chain is reported,
/// and `A` then follows as a single.
///
/// The search is a breadth-first search from every candidate that has a
/// strong link, assumed false, so the chain reported is the shortest the
/// board has (ties go to the easier kind). Chains have at most
/// [`Chains::MAX_LINKS`] links, and the search gives up on boards with more
/// than [`Chains::MAX_NODES`] linked candidates or after
/// [`Chains::MAX_WORK`] steps.
///
/// The chain is named by what it is made of: one digit throughout is an
/// *X-chain* (6.6), strong links all inside bivalue cells an *XY-chain*
/// (6.8), anything else an *AIC* (7.0); every two links past four add 0.1.
#[derive(Clone, Copy, Debug, Default)]
pub struct Chains;

impl Chains {
    /// The longest chain looked for, in links.
    pub const MAX_LINKS: usize = 15;
    /// Boards with more candidates that have a strong link are not searched.
    pub const MAX_NODES: usize = 20_000;
    /// How many links the search may follow in one call, over all starts.
    pub const MAX_WORK: usize = 4_000_000;

    const X_CHAIN: f32 = 6.6;
    const XY_CHAIN: f32 = 6.8;
    const AIC: f32 = 7.0;
}

/// The candidates that have a strong link, and the links between them.
struct Graph {
    nodes: Vec<Cand>,
    /// Strong partners of each node.
    strong: Vec<SmallVec<[u32; 4]>>,
    /// Weak partners of each node among the nodes.
    weak: Vec<Vec<u32>>,
    /// Every candidate on the board weakly linked to each node, as dense ids.
    victims: Vec<Vec<u32>>,
}

/// Every candidate on the board weakly linked to `x`.
fn weak_partners(board: &Board<'_>, x: Cand) -> Vec<Cand> {
    let mut out: Vec<Cand> = Vec::new();
    for d in board.candidates(x.cell).iter() {
        if d != x.digit {
            out.push(Cand::new(x.cell, d));
        }
    }
    for &p in board.peers(x.cell) {
        if board.has(p, x.digit) {
            out.push(Cand::new(p, x.digit));
        }
    }
    for link in board.model().links(x.cell) {
        for e in board.candidates(link.other).iter() {
            let y = Cand::new(link.other, e);
            if board.weakly_linked(x, y) {
                out.push(y);
            }
        }
    }
    out.sort_unstable();
    out.dedup();
    out
}

impl Graph {
    fn build(board: &Board<'_>) -> Option<Graph> {
        let n = board.size();
        let open = |c: Cell| board.candidates(c).len() > 1;
        let mut pairs: Vec<(Cand, Cand)> = Vec::new();
        for cell in board.cells() {
            let set = board.candidates(cell);
            if set.len() == 2 {
                let (a, b) = (set.nth(0)?, set.nth(1)?);
                pairs.push((Cand::new(cell, a), Cand::new(cell, b)));
            }
        }
        for h in board.houses() {
            for digit in 1..=n as Digit {
                if let [a, b] = board.places(h, digit)[..] {
                    if open(a) && open(b) {
                        pairs.push((Cand::new(a, digit), Cand::new(b, digit)));
                    }
                }
            }
        }
        let mut nodes: Vec<Cand> = pairs.iter().flat_map(|&(a, b)| [a, b]).collect();
        nodes.sort_unstable();
        nodes.dedup();
        if nodes.len() > Chains::MAX_NODES {
            return None;
        }
        let mut index = vec![u32::MAX; board.cells().count() * n];
        for (i, c) in nodes.iter().enumerate() {
            index[c.id(n)] = i as u32;
        }
        let mut strong: Vec<SmallVec<[u32; 4]>> = vec![SmallVec::new(); nodes.len()];
        for (a, b) in pairs {
            let (a, b) = (index[a.id(n)], index[b.id(n)]);
            if !strong[a as usize].contains(&b) {
                strong[a as usize].push(b);
                strong[b as usize].push(a);
            }
        }
        let mut weak = Vec::with_capacity(nodes.len());
        let mut victims = Vec::with_capacity(nodes.len());
        for &x in &nodes {
            let partners = weak_partners(board, x);
            weak.push(
                partners
                    .iter()
                    .map(|y| index[y.id(n)])
                    .filter(|&i| i != u32::MAX)
                    .collect(),
            );
            victims.push(partners.iter().map(|y| y.id(n) as u32).collect());
        }
        Some(Graph {
            nodes,
            strong,
            weak,
            victims,
        })
    }
}

/// A chain found: its candidates from `A` to `D` (links alternate strong,
/// weak, …, strong) and what it removes.
struct Found {
    chain: Vec<Cand>,
    difficulty: f32,
    eliminations: Vec<Cand>,
}

impl Found {
    fn links(&self) -> usize {
        self.chain.len() - 1
    }

    /// Shorter first, then easier, then more eliminations.
    fn better_than(&self, other: &Found) -> bool {
        (
            self.links(),
            self.difficulty,
            usize::MAX - self.eliminations.len(),
        ) < (
            other.links(),
            other.difficulty,
            usize::MAX - other.eliminations.len(),
        )
    }
}

/// The name and difficulty of a chain.
fn kind(board: &Board<'_>, chain: &[Cand]) -> (&'static str, f32) {
    let (name, base) = if chain.iter().all(|c| c.digit == chain[0].digit) {
        ("X-chain", Chains::X_CHAIN)
    } else if chain
        .chunks(2)
        .all(|pair| pair[0].cell == pair[1].cell && board.candidates(pair[0].cell).len() == 2)
    {
        ("XY-chain", Chains::XY_CHAIN)
    } else {
        ("AIC", Chains::AIC)
    };
    let links = chain.len() - 1;
    let extra = links.saturating_sub(4).div_ceil(2);
    (name, base + 0.1 * extra as f32)
}

/// The chain in Eureka notation: `(5)r1c1 = (5)r1c7 - (5)r3c8 = (5)r3c2`,
/// with the links inside one cell written together: `(1=2)r4c4`.
fn eureka(board: &Board<'_>, chain: &[Cand]) -> String {
    let mut text = String::new();
    let mut i = 0;
    while i < chain.len() {
        if i > 0 {
            text.push_str(if i % 2 == 1 { " = " } else { " - " });
        }
        let cell = chain[i].cell;
        text.push('(');
        let _ = write!(text, "{}", chain[i].digit);
        while i + 1 < chain.len() && chain[i + 1].cell == cell {
            i += 1;
            let _ = write!(text, "{}{}", if i % 2 == 1 { '=' } else { '-' }, chain[i].digit);
        }
        let _ = write!(text, "){}", board.name(cell));
        i += 1;
    }
    text
}

impl Technique for Chains {
    fn name(&self) -> Cow<'static, str> {
        "AIC".into()
    }

    fn difficulty(&self) -> f32 {
        Self::X_CHAIN
    }

    fn find(&self, board: &Board<'_>) -> Option<Deduction> {
        let n = board.size();
        let graph = Graph::build(board)?;
        let count = graph.nodes.len();
        // States: node * 2 + 1 when the node is true, + 0 when false.
        let mut seen = vec![u32::MAX; count * 2];
        let mut parent = vec![u32::MAX; count * 2];
        let mut depth = vec![0u8; count * 2];
        let mut marked = vec![u32::MAX; board.cells().count() * n];
        let mut queue = VecDeque::new();
        let mut best: Option<Found> = None;
        let mut work = 0usize;
        'starts: for start in 0..count {
            let generation = start as u32;
            for &v in &graph.victims[start] {
                marked[v as usize] = generation;
            }
            let root = start * 2;
            seen[root] = generation;
            parent[root] = u32::MAX;
            depth[root] = 0;
            queue.clear();
            queue.push_back(root);
            while let Some(state) = queue.pop_front() {
                let d = depth[state] as usize;
                if d >= best.as_ref().map_or(Self::MAX_LINKS, Found::links) {
                    break;
                }
                let node = state / 2;
                let next: &[u32] = if state % 2 == 0 {
                    &graph.strong[node]
                } else {
                    &graph.weak[node]
                };
                for &to in next {
                    work += 1;
                    let target = to as usize * 2 + (state % 2 == 0) as usize;
                    if seen[target] == generation {
                        continue;
                    }
                    seen[target] = generation;
                    parent[target] = state as u32;
                    depth[target] = (d + 1) as u8;
                    queue.push_back(target);
                    if target % 2 == 0 {
                        continue;
                    }
                    // `start` false makes `to` true: one of them is; what sees both goes.
                    let eliminations: Vec<Cand> = graph.victims[to as usize]
                        .iter()
                        .filter(|&&v| marked[v as usize] == generation)
                        .map(|&v| Cand::from_id(v as usize, n))
                        .collect();
                    if eliminations.is_empty() {
                        continue;
                    }
                    let mut chain = Vec::with_capacity(d + 2);
                    let mut at = target as u32;
                    while at != u32::MAX {
                        chain.push(graph.nodes[at as usize / 2]);
                        at = parent[at as usize];
                    }
                    chain.reverse();
                    let (_, difficulty) = kind(board, &chain);
                    let found = Found {
                        chain,
                        difficulty,
                        eliminations,
                    };
                    if best.as_ref().is_none_or(|b| found.better_than(b)) {
                        best = Some(found);
                    }
                }
                if work > Self::MAX_WORK {
                    break 'starts;
                }
            }
        }
        let found = best?;
        let (name, difficulty) = kind(board, &found.chain);
        let mut cells: Vec<Cell> = found.chain.iter().map(|c| c.cell).collect();
        cells.dedup();
        let mut digits: Vec<Digit> = found.chain.iter().map(|c| c.digit).collect();
        digits.sort_unstable();
        digits.dedup();
        let reason = Reason::new(name)
            .cells(cells)
            .digits(digits)
            .text(eureka(board, &found.chain));
        Some(Deduction::eliminate(reason, difficulty, found.eliminations))
    }
}
