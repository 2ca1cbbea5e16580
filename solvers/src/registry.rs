//! The strategies by name, as the command line and the conformance suite
//! know them.

use crate::auto::Auto;
use crate::backtracking::Backtracking;
use crate::bitboard::Bitboard;
use crate::dlx::Dlx;
use crate::propagation::PropagationSearch;
use crate::sat::SatSearch;
use crate::strategy::Strategy;

/// Names accepted by [`strategy_by_name`]: `auto` (the default of the
/// command line) first, the naive baseline last.
pub const STRATEGY_NAMES: &[&str] = &["auto", "bitboard", "propagation", "dlx", "sat", "backtracking"];

/// The strategy called `name` with its default settings.
///
/// ```
/// use sudokit_solvers::{strategy_by_name, STRATEGY_NAMES};
/// for name in STRATEGY_NAMES {
///     assert_eq!(strategy_by_name(name).unwrap().name(), *name);
/// }
/// assert!(strategy_by_name("magic").is_none());
/// ```
pub fn strategy_by_name(name: &str) -> Option<Box<dyn Strategy>> {
    match name {
        "auto" => Some(Box::new(Auto::default())),
        "bitboard" => Some(Box::new(Bitboard)),
        "propagation" => Some(Box::new(PropagationSearch::default())),
        "dlx" => Some(Box::new(Dlx)),
        "sat" => Some(Box::new(SatSearch::default())),
        "backtracking" => Some(Box::new(Backtracking)),
        _ => None,
    }
}
