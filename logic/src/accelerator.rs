//! Techniques inside searches: any [`Technique`] as a
//! [`Kind::Technique`] constraint of the propagation engine.

use std::borrow::Cow;
use std::sync::Arc;

use sudokit_core::{
    Cell, Contradiction, Cost, Ctx, Digits, Geometry, Grid, Kind, Model, Propagate, Puzzle, Rule, Violation,
    Word,
};

use crate::board::Board;
use crate::technique::Technique;

/// A technique run by the propagation engine after the rules: it applies
/// every deduction it finds until it finds no more.
///
/// A technique reads the whole puzzle (every rule's groups and relations),
/// but a propagator only sees the candidates; so the accelerator carries
/// the model of the rules it was made for. Build it with [`accelerate`] or
/// [`Accelerate`], which compile that model once per rule set. Strategies
/// may skip it ([`Kind::Technique`]): the propagation search runs it when
/// its `techniques` option is on, DLX, SAT and backtracking never do.
///
/// ```
/// use sudokit_constraints::ClassicRules;
/// use sudokit_core::{Geometry, Kind, Puzzle};
/// use sudokit_logic::{accelerate, techniques};
/// let puzzle = Puzzle::new(Geometry::square(9).unwrap()).with(ClassicRules).unwrap();
/// let fast = accelerate(&puzzle, vec![techniques::by_name("locked").unwrap()]);
/// assert_eq!(fast.constraints().len(), 2);
/// assert_eq!(fast.constraints()[1].kind(), Kind::Technique);
/// ```
#[derive(Clone, Debug)]
pub struct Accelerator {
    technique: Box<dyn Technique>,
    model: Arc<Model>,
}

impl Accelerator {
    /// `technique` for puzzles with `model`'s rules.
    pub fn new(technique: Box<dyn Technique>, model: Arc<Model>) -> Accelerator {
        Accelerator { technique, model }
    }
}

impl Rule for Accelerator {
    fn name(&self) -> Cow<'_, str> {
        self.technique.name()
    }

    fn kind(&self) -> Kind {
        Kind::Technique
    }

    fn cost(&self) -> Cost {
        Cost::Expensive
    }

    fn scope(&self, geometry: &Geometry) -> Vec<Cell> {
        (0..geometry.cell_count() as u16).map(Cell).collect()
    }

    /// A technique adds no rule: every grid passes.
    fn check(&self, _: &Geometry, _: &Grid) -> Result<(), Violation> {
        Ok(())
    }
}

impl Propagate for Accelerator {
    fn propagate<W: Word>(&self, cx: &mut Ctx<'_, W>, _changed: &[Cell]) -> Result<(), Contradiction> {
        let mut cands: Vec<Digits<u128>> = cx
            .state()
            .cells()
            .iter()
            .map(|s| Digits::from_u128(s.to_u128()))
            .collect();
        if cands.len() != self.model.geometry().cell_count() {
            return Ok(()); // made for another board: nothing it can say
        }
        loop {
            let Some(found) = self.technique.find(&Board::new(&self.model, &cands)) else {
                return Ok(());
            };
            cx.because(|| found.reason.clone());
            let mut changed = false;
            for p in &found.placements {
                changed |= cx.assign(p.cell, p.digit)?;
                cands[p.cell.index()] = Digits::from_u128(cx.candidates(p.cell).to_u128());
            }
            for e in &found.eliminations {
                changed |= cx.remove(e.cell, e.digit)?;
                cands[e.cell.index()] = Digits::from_u128(cx.candidates(e.cell).to_u128());
            }
            if !changed {
                // A single step froze the run, or the technique repeated
                // itself: either way, stop here.
                return Ok(());
            }
        }
    }
}

/// `puzzle` with `techniques` added as [`Accelerator`]s.
pub fn accelerate(puzzle: &Puzzle, techniques: Vec<Box<dyn Technique>>) -> Puzzle {
    let rules = Arc::new(Model::compile(
        puzzle.geometry_arc().clone(),
        Arc::new(puzzle.constraints().to_vec()),
    ));
    let mut fast = puzzle.clone();
    for technique in techniques {
        fast.push(Box::new(Accelerator::new(technique, rules.clone())))
            .expect("an accelerator names no cell");
    }
    fast
}

/// Adds techniques to many puzzles, compiling once per rule set: puzzles
/// read from one file of classic grids share their rules, and then share
/// the accelerated rules too (one compiled model, one prepared search).
#[derive(Debug, Default)]
pub struct Accelerate {
    techniques: Vec<Box<dyn Technique>>,
    /// Recent rule sets: a puzzle with them, and its accelerated form.
    recent: Vec<(Puzzle, Puzzle)>,
}

impl Accelerate {
    /// Rule sets remembered; files of variant puzzles each bring their own.
    const RECENT: usize = 4;

    /// Adds `techniques`.
    pub fn new(techniques: Vec<Box<dyn Technique>>) -> Accelerate {
        Accelerate {
            techniques,
            recent: Vec::new(),
        }
    }

    /// `puzzle` with the techniques added.
    pub fn apply(&mut self, puzzle: &Puzzle) -> Puzzle {
        if self.techniques.is_empty() {
            return puzzle.clone();
        }
        if let Some((_, fast)) = self.recent.iter().find(|(p, _)| p.same_rules(puzzle)) {
            return fast
                .clone()
                .with_givens(puzzle.givens().clone())
                .expect("same board");
        }
        let fast = accelerate(puzzle, self.techniques.clone());
        if self.recent.len() == Self::RECENT {
            self.recent.remove(0);
        }
        self.recent.push((puzzle.clone(), fast.clone()));
        fast
    }
}
