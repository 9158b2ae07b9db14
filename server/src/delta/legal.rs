//! A viewer's legal actions in a delta ([`LegalUpdate`]): the changes from the list it was sent
//! with the state before. Within a multi-action turn the mover is sent its legal actions (100 to
//! 200) after each of its actions, and most are the same as the ones sent before: those are
//! left out, and only the indices of the actions gone and the actions new are sent.

use crate::render::LegalAction;
use serde::{Serialize, Serializer};
use std::sync::Arc;
use ts_rs::TS;
use warlord_rules::Square;

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

/// The squares an action is looked up by (a cheap part of its value, compared before the rest).
type Key = (Option<Square>, Option<Square>);

fn key(action: &LegalAction) -> Key {
    (action.action.from, action.action.to)
}

/// The patch that makes `after` of `before`. Each action of `after`, in order, is kept if an
/// equal action of `before` comes after the last one kept (the first such one), and added if
/// not; the actions of `before` not kept are removed. The rules list the actions in the same
/// order from one position to the next, so the actions both lists hold are nearly all kept.
/// They are found by binary search in a copy of `before`'s keys sorted with their indices.
fn legal_patch(before: &[LegalAction], after: &[LegalAction]) -> LegalPatch {
    let mut sorted: Vec<(Key, usize)> = before.iter().enumerate().map(|(i, action)| (key(action), i)).collect();
    sorted.sort_unstable();
    let mut kept = vec![false; before.len()];
    let mut next = 0;
    let mut add = Vec::new();
    for (i, action) in after.iter().enumerate() {
        let wanted = key(action);
        let start = sorted.partition_point(|&entry| entry < (wanted, next));
        let found = sorted[start..]
            .iter()
            .take_while(|(k, _)| *k == wanted)
            .find(|&&(_, index)| before[index] == *action)
            .map(|&(_, index)| index);
        match found {
            Some(index) => {
                kept[index] = true;
                next = index + 1;
            }
            None => add.push((i as u32, action.clone())),
        }
    }
    let remove = kept.iter().enumerate().filter(|(_, kept)| !**kept).map(|(i, _)| i as u32).collect();
    LegalPatch { remove, add }
}

#[cfg(test)]
mod tests;
