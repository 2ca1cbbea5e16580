//! How hard a puzzle is for people.

use std::fmt;

use crate::solver::{Ending, Explanation};

/// The grade of a puzzle: the hardest step a logical solve needed (its
/// difficulty is the score, on the Sudoku Explainer [scale](crate#difficulty)),
/// how many steps it took, and whether logic alone got there.
///
/// ```
/// use sudokit_logic::{Grade, Verdict};
/// let grade = Grade { score: 3.0, hardest: Some("naked pair".into()), steps: 50, verdict: Verdict::Solved };
/// assert_eq!(grade.to_string(), "3.0 naked pair, 50 steps");
/// let stuck = Grade { verdict: Verdict::NeedsGuessing, ..grade };
/// assert_eq!(stuck.to_string(), "needs guessing (3.0 naked pair so far, 50 steps)");
/// ```
#[derive(Clone, Debug, PartialEq)]
pub struct Grade {
    /// The hardest step's difficulty (0 when no step was needed).
    pub score: f32,
    /// The hardest step's technique.
    pub hardest: Option<String>,
    /// Steps taken.
    pub steps: usize,
    /// Solved, needs guessing, or no solution.
    pub verdict: Verdict,
}

impl Grade {
    /// The grade of a logical solve.
    pub fn of(explanation: &Explanation) -> Grade {
        let hardest = explanation.hardest();
        Grade {
            score: hardest.map_or(0.0, |s| s.difficulty),
            hardest: hardest.map(|s| s.technique.clone()),
            steps: explanation.steps.len(),
            verdict: match explanation.ending {
                Ending::Solved => Verdict::Solved,
                Ending::Stuck => Verdict::NeedsGuessing,
                Ending::Broken(_) => Verdict::NoSolution,
            },
        }
    }

    /// True when logic alone solved the puzzle.
    pub fn is_solved(&self) -> bool {
        self.verdict == Verdict::Solved
    }
}

// Defined here rather than beside the solver so that grading depends on
// solving and not the other way round.
impl Explanation {
    /// The grade: hardest step, number of steps, whether guessing is needed.
    pub fn grade(&self) -> Grade {
        Grade::of(self)
    }
}

/// Where a logical solve got.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Verdict {
    /// Logic alone solved it.
    Solved,
    /// The techniques got stuck: finishing needs one the solver lacks, or
    /// guessing.
    NeedsGuessing,
    /// The rules cannot hold.
    NoSolution,
}

impl fmt::Display for Verdict {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Verdict::Solved => "solved",
            Verdict::NeedsGuessing => "needs guessing",
            Verdict::NoSolution => "no solution",
        })
    }
}

impl fmt::Display for Grade {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let hardest = match &self.hardest {
            Some(name) => format!("{:.1} {name}", self.score),
            None => "0.0 givens only".to_string(),
        };
        if self.is_solved() {
            write!(f, "{hardest}, {} steps", self.steps)
        } else {
            write!(f, "{} ({hardest} so far, {} steps)", self.verdict, self.steps)
        }
    }
}
