//! Monte Carlo tree search over single actions (UCT), with the evaluation at the leaves.

use crate::agent::Agent;
use crate::agents::Greedy;
use crate::budget::{Budget, Meter};
use crate::eval::Evaluator;
use crate::turn::Line;
use rand::rngs::StdRng;
use rand::seq::SliceRandom;
use rand::SeedableRng;
use warlord_rules::{Action, Position, Ruleset, Side};

/// UCT over actions: a tree whose edges are single actions, crossing turn boundaries (the side
/// to move changes when a turn ends). Each iteration descends by UCB1, expands one untried
/// action (in a seeded random order), scores the new position with the evaluation instead of a
/// playout, and backs the score up. The turn played follows the most visited actions from the
/// root while they belong to this turn, and is finished greedily where the tree is too thin.
#[derive(Clone, Debug)]
pub struct Mcts {
    eval: Evaluator,
    /// The UCB1 exploration constant.
    pub exploration: f64,
    /// Share of the budget for the search; the rest finishes the turn.
    pub search_share: f64,
}

impl Default for Mcts {
    fn default() -> Mcts {
        Mcts::new(Evaluator::default())
    }
}

impl Mcts {
    /// UCT with an evaluator.
    #[must_use]
    pub fn new(eval: Evaluator) -> Mcts {
        Mcts { eval, exploration: 0.3, search_share: 0.85 }
    }
}

struct Node {
    pos: Position,
    /// The action that led here, and whether it ended the turn.
    action: Action,
    /// The side that played `action` (whose point of view `total` takes).
    mover: Side,
    children: Vec<usize>,
    untried: Vec<Action>,
    visits: f64,
    total: f64,
}

impl Mcts {
    fn node(rules: &dyn Ruleset, pos: Position, action: Action, mover: Side, rng: &mut StdRng) -> Node {
        let mut untried = if pos.outcome().is_some() { Vec::new() } else { rules.legal_action_list(&pos) };
        untried.shuffle(rng);
        Node { pos, action, mover, children: Vec::new(), untried, visits: 0.0, total: 0.0 }
    }

    fn select(&self, tree: &[Node], at: usize) -> usize {
        let log_n = tree[at].visits.max(1.0).ln();
        let ucb = |&c: &usize| {
            let n = &tree[c];
            n.total / n.visits + self.exploration * (log_n / n.visits).sqrt()
        };
        *tree[at].children.iter().max_by(|a, b| ucb(a).total_cmp(&ucb(b))).expect("a node with children")
    }
}

impl Agent for Mcts {
    fn name(&self) -> String {
        "mcts".into()
    }

    fn plan_turn(&self, rules: &dyn Ruleset, pos: &Position, budget: Budget, seed: u64) -> Vec<Action> {
        let me = pos.to_move();
        let mut rng = StdRng::seed_from_u64(seed);
        let mut meter = Meter::start(budget.fraction(self.search_share));
        let mut tree = vec![Mcts::node(rules, pos.clone(), Action::EndTurn, me.opponent(), &mut rng)];
        while !meter.spent() {
            let mut path = vec![0];
            let mut at = 0;
            while tree[at].untried.is_empty() && !tree[at].children.is_empty() {
                at = self.select(&tree, at);
                path.push(at);
            }
            // White's chance of winning from the leaf.
            let white = if let Some(action) = tree[at].untried.pop() {
                let mover = tree[at].pos.to_move();
                let mut child = tree[at].pos.clone();
                meter.tick();
                rules.play_unchecked(&mut child, action);
                let white = self.eval.value_for(rules, &child, Side::White, &mut meter);
                let id = tree.len();
                tree.push(Mcts::node(rules, child, action, mover, &mut rng));
                tree[at].children.push(id);
                path.push(id);
                white
            } else {
                self.eval.value_for(rules, &tree[at].pos, Side::White, &mut meter)
            };
            for &n in &path {
                let node = &mut tree[n];
                node.visits += 1.0;
                node.total += if node.mover == Side::White { white } else { 1.0 - white };
            }
        }
        // Follow the most visited actions of this turn, then finish greedily.
        let mut line = Line::start(pos);
        let mut at = 0;
        let mut finish = Meter::start(Budget::Nodes(0));
        while !line.done {
            let Some(&best) = tree[at].children.iter().max_by(|&&a, &&b| tree[a].visits.total_cmp(&tree[b].visits))
            else {
                break;
            };
            if tree[best].visits < 2.0 {
                break;
            }
            line.push(rules, tree[best].action, &mut finish);
            at = best;
        }
        if !line.done {
            let rest = Greedy::new(self.eval.clone()).turn(
                rules,
                &line.pos,
                &mut rng,
                &mut Meter::start(budget.fraction(1.0 - self.search_share)),
            );
            line.actions.extend(rest.actions);
        }
        line.actions
    }
}
