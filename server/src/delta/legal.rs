//! A viewer's legal actions in a delta ([`LegalUpdate`]): the changes from the list it was sent
//! with the state before. Within a multi-action turn the mover is sent its legal actions (100 to
//! 200) after each of its actions, and most are the same as the ones sent before: those are
//! left out, and only the indices of the actions gone and the actions new are sent.

use crate::render::LegalAction;
use serde::{Serialize, Serializer};
use std::sync::Arc;
use ts_rs::TS;

/// The changes of a list of legal actions, its order kept. An action is known by its whole
/// value (its notation and every field the rules describe it with): two equal actions are the
/// same action. Applied by removing the actions at the indices of `remove` (in the list before),
/// then inserting each action of `add` at its index, in the order given: the list is then the
/// new list, item for item.
#[derive(Clone, Debug, PartialEq, Serialize, TS)]
pub struct LegalPatch {
    /// The indices, in the list before, of the actions gone, increasing.
    pub remove: Vec<u32>,
    /// The actions new, each with its index in the new list, by increasing index.
    pub add: Vec<(u32, LegalAction)>,
}

/// A viewer's legal actions in a delta: the whole list (a JSON array), or the changes from the
/// list in the state the delta changes (a [`LegalPatch`], a JSON object), whichever is smaller.
#[derive(Clone, Debug, PartialEq)]
pub enum LegalUpdate {
    /// The whole list (shared with the list kept for the next delta).
    Whole(Arc<Vec<LegalAction>>),
    /// The changes from the list before.
    Patch(LegalPatch),
}

impl Default for LegalUpdate {
    fn default() -> LegalUpdate {
        LegalUpdate::Whole(Arc::default())
    }
}

impl Serialize for LegalUpdate {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match self {
            LegalUpdate::Whole(list) => list.as_slice().serialize(serializer),
            LegalUpdate::Patch(patch) => patch.serialize(serializer),
        }
    }
}

/// How many indices weigh as much as an action in the JSON sent: an index is 2 to 4 bytes, an
/// action 40 to 100 (`{"text":"c3-c4","kind":"move","from":"c3","to":"c4"}` is 53).
const INDICES_PER_ACTION: usize = 16;

/// The update that makes `after` of `before`: the patch, unless it would not be smaller than
/// the whole list (counting an index as a sixteenth of an action).
#[must_use]
pub fn legal_update(before: &[LegalAction], after: &Arc<Vec<LegalAction>>) -> LegalUpdate {
    let patch = legal_patch(before, after);
    if patch.add.len() * INDICES_PER_ACTION + patch.remove.len() < after.len() * INDICES_PER_ACTION {
        LegalUpdate::Patch(patch)
    } else {
        LegalUpdate::Whole(after.clone())
    }
}

/// The patch that makes `after` of `before`. Each action of `after`, in order, is kept if an
/// equal action of `before` comes after the last one kept (the first such one; the actions
/// skipped to reach it are removed), and added if not; the actions of `before` left after the
/// last one kept are removed. The rules list the actions in the same order from one position
/// to the next, so nearly every action both lists hold is kept, and most are found at once,
/// next in `before`: only an added action is looked for through the rest of `before`.
fn legal_patch(before: &[LegalAction], after: &[LegalAction]) -> LegalPatch {
    let mut remove = Vec::new();
    let mut add = Vec::new();
    let mut next = 0;
    for (i, action) in after.iter().enumerate() {
        match before[next..].iter().position(|old| same(old, action)) {
            Some(skipped) => {
                remove.extend((next..next + skipped).map(|gone| gone as u32));
                next += skipped + 1;
            }
            None => add.push((i as u32, action.clone())),
        }
    }
    remove.extend((next..before.len()).map(|gone| gone as u32));
    LegalPatch { remove, add }
}

/// Whether two actions are equal, their squares compared first (cheaply telling most apart).
fn same(a: &LegalAction, b: &LegalAction) -> bool {
    a.action.from == b.action.from && a.action.to == b.action.to && a == b
}

#[cfg(test)]
mod tests;
