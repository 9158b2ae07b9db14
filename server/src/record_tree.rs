//! A record's variations as the analysis board's tree of actions, and that tree written back
//! as a record (docs/API.md, `/api/records/parse` and `/api/records/write`).
//!
//! The board keeps a game as a tree whose nodes are actions (each turn's end included), a
//! node's first child continuing its line; a record keeps turns, each with the variations
//! played instead of it (docs/NOTATION.md, "Variations"). Both ways the engine replays every
//! action, so a turn ends where the rules say.

use crate::error::ApiError;
use crate::render::{action_view, ActionView};
use serde::{Deserialize, Serialize};
use std::collections::HashMap;
use warlord_rules::notation::{
    clean_comment, parse_action, replay_turns_from, RecordTurn, TurnNumbers, MAX_VARIATION_DEPTH,
};
use warlord_rules::{Action, Position, Ruleset};

/// One action of a record's variations (`POST /api/records/parse`): a node of the tree whose
/// first nodes are the main line's `actions`.
#[derive(Serialize, ts_rs::TS)]
#[ts(rename = "RecordNode")]
pub(crate) struct RecordNodeBody {
    /// The node it follows: an index into the main line's actions, then these nodes (node
    /// `actions.len() + i` is `variations[i]`); `null` at the start of the game.
    pub parent: Option<u32>,
    /// The action.
    pub action: ActionView,
    /// Whether it ended its turn (or the game).
    pub ends: bool,
    /// The record's comment on the turn this action ends, if it ends one.
    pub comment: Option<String>,
}

/// The actions of every variation of `turns`, nested ones included (to bound a request).
pub(crate) fn variation_actions(turns: &[RecordTurn]) -> usize {
    turns
        .iter()
        .flat_map(|t| &t.variations)
        .map(|v| v.iter().map(|t| t.actions.len() + 1).sum::<usize>() + variation_actions(v))
        .sum()
}

/// The variations of a record's main line `turns`, as nodes numbered after the main line's
/// `main` actions, with every illegal or unreadable action of them (skipped, as in the main
/// line). `starts` is the index of each main turn's first action. A variation's actions that
/// repeat its parent's line (the first actions of a turn it changes later) are that line's
/// nodes, not new ones.
pub(crate) fn variation_nodes(
    rules: &dyn Ruleset,
    turns: &[RecordTurn],
    starts: &[u32],
    main: &[ActionView],
) -> (Vec<RecordNodeBody>, Vec<String>) {
    let first = u32::try_from(main.len()).unwrap_or(u32::MAX);
    let mut known = HashMap::new();
    let mut parent = None;
    for (i, action) in main.iter().enumerate() {
        let index = u32::try_from(i).unwrap_or(u32::MAX);
        known.insert((parent, action.text.clone()), index);
        parent = Some(index);
    }
    let mut collect = Collect { rules, first, known, nodes: Vec::new(), errors: Vec::new() };
    let mut pos = rules.start();
    for (turn, &start) in turns.iter().zip(starts) {
        let parent = start.checked_sub(1);
        for variation in &turn.variations {
            collect.line(&pos, variation, parent);
        }
        pos = replay_turns_from(rules, &pos, std::slice::from_ref(turn)).position;
    }
    (collect.nodes, collect.errors)
}

/// The nodes of variations being collected.
struct Collect<'a> {
    rules: &'a dyn Ruleset,
    first: u32,
    /// Every node so far by its parent and its action's text.
    known: HashMap<(Option<u32>, String), u32>,
    nodes: Vec<RecordNodeBody>,
    errors: Vec<String>,
}

impl Collect<'_> {
    /// Adds a line of turns played from `from`, after the node `parent`.
    fn line(&mut self, from: &Position, turns: &[RecordTurn], mut parent: Option<u32>) {
        let mut pos = from.clone();
        for turn in turns {
            for variation in &turn.variations {
                self.line(&pos, variation, parent);
            }
            let replayed = replay_turns_from(self.rules, &pos, std::slice::from_ref(turn));
            self.errors.extend(replayed.errors.iter().map(|e| format!("in a variation: {e}")));
            for step in &replayed.steps {
                let ends = step.report.turn_ended || step.report.outcome.is_some();
                parent = Some(self.node(parent, action_view(step.action, self.rules), ends));
            }
            if let Some(end) = parent.filter(|_| !replayed.steps.is_empty()) {
                let node = end.checked_sub(self.first).and_then(|i| self.nodes.get_mut(i as usize));
                if let Some(node) = node.filter(|n| n.comment.is_none()) {
                    node.comment.clone_from(&turn.comment);
                }
            }
            pos = replayed.position;
        }
    }

    /// The node of `action` after `parent`: the one there already, else a new one.
    fn node(&mut self, parent: Option<u32>, action: ActionView, ends: bool) -> u32 {
        let key = (parent, action.text.clone());
        if let Some(&index) = self.known.get(&key) {
            return index;
        }
        let index = self.first + u32::try_from(self.nodes.len()).unwrap_or(u32::MAX);
        self.nodes.push(RecordNodeBody { parent, action, ends, comment: None });
        self.known.insert(key, index);
        index
    }
}

/// One node of the board's tree, as `POST /api/records/write` reads it.
#[derive(Deserialize, Debug, ts_rs::TS)]
#[serde(deny_unknown_fields)]
pub(crate) struct LineNode {
    /// The node it follows (an index of an earlier node); `null` at the start of the game.
    pub parent: Option<u32>,
    /// The action, in the notation (`end` for a turn's end).
    pub action: String,
    /// A comment on the turn the node belongs to.
    #[serde(default)]
    #[ts(optional = nullable)]
    pub comment: Option<String>,
}

/// The board's tree as the turns of a record: the first child of every node makes the main
/// line, the others variations of the turn they branch in (a branch in the middle of a turn
/// is a variation of that whole turn). Every action is played through the engine; an illegal
/// one, or a parent that does not come before its node, is refused with the node's place.
pub(crate) fn tree_turns(rules: &dyn Ruleset, nodes: &[LineNode]) -> Result<Vec<RecordTurn>, ApiError> {
    let mut tree = Tree { actions: Vec::new(), children: vec![Vec::new(); nodes.len()], roots: Vec::new(), nodes };
    for (i, node) in nodes.iter().enumerate() {
        let action = parse_action(&node.action, rules.pieces()).map_err(|e| {
            ApiError::bad_request(format!("node {i} (`{}`): {e}", crate::error::clip(&node.action, 40)))
        })?;
        tree.actions.push(action);
        match node.parent.map(|p| p as usize) {
            None => tree.roots.push(i),
            Some(p) if p < i => tree.children[p].push(i),
            Some(p) => return Err(ApiError::bad_request(format!("node {i}: its parent {p} must come before it"))),
        }
    }
    let start = rules.start();
    let numbers = TurnNumbers::new(start.to_move());
    let roots = tree.roots.clone();
    tree.line(rules, start, roots, numbers, 0)
}

/// The board's tree, read.
struct Tree<'a> {
    nodes: &'a [LineNode],
    actions: Vec<Action>,
    children: Vec<Vec<usize>>,
    roots: Vec<usize>,
}

/// One way of playing a turn: the nodes from its first action to its end (or to a node
/// without children, for a turn left unfinished), and the position after them.
struct Version {
    path: Vec<usize>,
    pos: Position,
    ended: bool,
}

impl Tree<'_> {
    /// The turns of the line whose first turn starts with the nodes `starts` from `pos`.
    fn line(
        &self,
        rules: &dyn Ruleset,
        mut pos: Position,
        mut starts: Vec<usize>,
        mut numbers: TurnNumbers,
        depth: usize,
    ) -> Result<Vec<RecordTurn>, ApiError> {
        let mut turns = Vec::new();
        while !starts.is_empty() {
            let (number, second) = numbers.next(pos.to_move());
            let mut versions = self.versions(rules, &pos, &starts)?.into_iter();
            let Some(main) = versions.next() else { break };
            let mut turn = self.turn(number, second, &main.path);
            for other in versions {
                if depth >= MAX_VARIATION_DEPTH {
                    return Err(ApiError::bad_request(format!(
                        "node {}: variations may be nested at most {MAX_VARIATION_DEPTH} deep",
                        other.path[0]
                    )));
                }
                let mut variation = vec![self.turn(number, second, &other.path)];
                let next = self.next_starts(&other);
                variation.extend(self.line(rules, other.pos, next, numbers, depth + 1)?);
                turn.variations.push(variation);
            }
            turns.push(turn);
            starts = self.next_starts(&main);
            pos = main.pos;
        }
        Ok(turns)
    }

    /// Every way the turn starting with `starts` from `pos` is played, the main one first.
    fn versions(&self, rules: &dyn Ruleset, pos: &Position, starts: &[usize]) -> Result<Vec<Version>, ApiError> {
        let mut out = Vec::new();
        let mut stack: Vec<(usize, Position, Vec<usize>)> =
            starts.iter().rev().map(|&n| (n, pos.clone(), Vec::new())).collect();
        while let Some((node, mut pos, mut path)) = stack.pop() {
            let report = rules.play(&mut pos, self.actions[node]).map_err(|e| {
                let text = crate::error::clip(&self.nodes[node].action, 40);
                ApiError { message: format!("node {node} (`{text}`): {}", e.reason), ..ApiError::illegal(e) }
            })?;
            path.push(node);
            let ended = report.turn_ended || report.outcome.is_some();
            if ended || self.children[node].is_empty() {
                out.push(Version { path, pos, ended });
            } else {
                stack.extend(self.children[node].iter().rev().map(|&c| (c, pos.clone(), path.clone())));
            }
        }
        Ok(out)
    }

    /// The nodes that start the turn after a version (none after a turn left unfinished).
    fn next_starts(&self, version: &Version) -> Vec<usize> {
        match version.path.last() {
            Some(&last) if version.ended => self.children[last].clone(),
            _ => Vec::new(),
        }
    }

    /// A record turn of the nodes `path`, with their comments.
    fn turn(&self, number: u32, second: bool, path: &[usize]) -> RecordTurn {
        let comments: Vec<&str> = path.iter().filter_map(|&n| self.nodes[n].comment.as_deref()).collect();
        RecordTurn {
            number,
            second,
            actions: path.iter().map(|&n| self.actions[n]).collect(),
            texts: path.iter().map(|&n| self.nodes[n].action.clone()).collect(),
            comment: clean_comment(&comments.join(" ")),
            ..RecordTurn::default()
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use warlord_rules::notation::{format_action, Record};
    use warlord_rules::Scenario;

    fn rules() -> std::sync::Arc<dyn Ruleset> {
        let file = warlord_scenarios::get("chieftain").expect("a shipped scenario");
        Scenario::parse(file.text, "chieftain").unwrap().ruleset(&[]).unwrap()
    }

    /// Texts of legal actions in `pos` other than the turn's end.
    fn moves(rules: &dyn Ruleset, pos: &Position) -> Vec<String> {
        let legal = rules.legal_action_list(pos);
        legal.iter().filter(|a| **a != Action::EndTurn).map(|a| format_action(a, rules.pieces())).collect()
    }

    fn node(parent: Option<u32>, action: &str, comment: Option<&str>) -> LineNode {
        LineNode { parent, action: action.to_string(), comment: comment.map(str::to_string) }
    }

    /// White's turn of two actions, branching at its second, then Black's pass, with a move
    /// tried instead.
    fn branching_tree(rules: &dyn Ruleset) -> Vec<LineNode> {
        let mut pos = rules.start();
        let first = moves(rules, &pos);
        rules.play(&mut pos, parse_action(&first[0], rules.pieces()).unwrap()).unwrap();
        let second = moves(rules, &pos);
        for text in [&second[0], "end"] {
            rules.play(&mut pos, parse_action(text, rules.pieces()).unwrap()).unwrap();
        }
        let black = moves(rules, &pos);
        vec![
            node(None, &first[0], None),
            node(Some(0), &second[0], None),
            node(Some(1), "end", Some("the main turn")),
            node(Some(2), "end", None),
            node(Some(0), &second[1], Some("a {tried} turn")),
            node(Some(4), "end", None),
            node(Some(2), &black[0], None),
            node(Some(6), "end", Some("also tried")),
        ]
    }

    #[test]
    fn a_tree_becomes_turns_with_variations_and_reads_back() {
        let rules = rules();
        let nodes = branching_tree(&*rules);
        let turns = tree_turns(&*rules, &nodes).unwrap();
        assert_eq!(turns.len(), 2, "the main line: White's turn and Black's pass");
        assert_eq!(turns[0].comment.as_deref(), Some("the main turn"));
        assert_eq!(turns[0].variations.len(), 1, "the turn that branched at its second action");
        let variation = &turns[0].variations[0][0];
        let texts: Vec<String> = variation.actions.iter().map(|a| format_action(a, rules.pieces())).collect();
        assert_eq!(texts, vec![nodes[0].action.clone(), nodes[4].action.clone(), "end".to_string()]);
        assert_eq!(variation.comment.as_deref(), Some("a tried turn"));
        assert_eq!((turns[1].number, turns[1].second), (1, true));
        assert_eq!(turns[1].variations[0][0].comment.as_deref(), Some("also tried"));
        let record = Record { tags: vec![("Scenario".into(), "chieftain".into())], turns, ..Record::default() };
        let text = record.to_text(rules.pieces());
        let read = Record::parse(&text, rules.pieces()).unwrap();
        assert!(read.problems().is_empty(), "{text}");
        assert_eq!(read.to_text(rules.pieces()), text);
        let main: Vec<ActionView> =
            nodes[..4].iter().map(|n| action_view(parse_action(&n.action, rules.pieces()).unwrap(), &*rules)).collect();
        let (variations, errors) = variation_nodes(&*rules, &read.turns, &[0, 3], &main);
        assert!(errors.is_empty(), "{errors:?}");
        let parents: Vec<Option<u32>> = variations.iter().map(|n| n.parent).collect();
        assert_eq!(parents, vec![Some(0), Some(4), Some(2), Some(6)], "the first action is the main line's: {text}");
        assert_eq!(variations[1].comment.as_deref(), Some("a tried turn"));
        assert_eq!(variations.iter().map(|n| n.ends).collect::<Vec<_>>(), vec![false, true, false, true]);
        assert_eq!(variations[3].comment.as_deref(), Some("also tried"));
    }

    #[test]
    fn a_bad_tree_is_refused_with_the_node() {
        let rules = rules();
        let mut nodes = branching_tree(&*rules);
        nodes[1].parent = Some(5);
        assert!(tree_turns(&*rules, &nodes).unwrap_err().message.contains("node 1: its parent 5"));
        let mut nodes = branching_tree(&*rules);
        nodes[4].action = "a1-a8".into();
        let error = tree_turns(&*rules, &nodes).unwrap_err();
        assert!(error.message.starts_with("node 4 (`a1-a8`)"), "{}", error.message);
    }
}
