//! Medieval War Chess rule by rule ([004]): strengths, melee, cannon, the three-action turn,
//! the end of the game and the scenario's rules and options.

mod medieval_common;
use medieval_common::*;
use warlord_rules::{Action, Combat, EndReason, Outcome, Phase, Ruleset, Side};

/// The combat of the first legal attack on `target` after White's pieces are placed.
fn melee(white: &[&str], black: &[&str], target: &str, replacements: &[(&str, &str)]) -> Combat {
    let (rules, pos) = game(white, black, replacements);
    let action = warlord_rules::notation::parse_action(&format!("attack {target}"), rules.pieces()).unwrap();
    rules.describe(&pos, action).combat.unwrap_or_else(|| panic!("attack {target} is not legal"))
}

fn combat(offence: u32, defence: u32) -> Combat {
    Combat { offence, defence, success: offence > defence }
}

#[test]
fn every_piece_has_the_texts_strength() {
    let (rules, pos) = game(&["K@a1", "Q@c3", "R@e1", "B@g1", "N@a5"], &["K@h8", "R@h6"], &[]);
    for (at, strength) in
        [("a1", (2, 4)), ("c3", (6, 6)), ("e1", (0, 0)), ("g1", (3, 6)), ("a5", (4, 8)), ("h8", (2, 4))]
    {
        assert_eq!(rules.strength_at(&pos, sq(at)), Some(strength), "{at}");
    }
    assert_eq!(rules.strength_at(&pos, sq("d4")), None);
}

#[test]
fn pawn_strength_is_x_and_2x_for_x_adjacent_friendly_pawns() {
    // A 3x3 block of White pawns on b2:d4; a White pawn on g2 next to a White knight and king
    // and two Black pawns; the Black pawns f3 and g3 side by side.
    let white = ["P@b2:d4", "P@g2", "N@h1", "K@h2"];
    let black = ["P@f3", "P@g3", "K@a8"];
    let (rules, pos) = game(&white, &black, &[]);
    let cases = [
        ("c3", (8, 16), "surrounded by eight pawns"),
        ("b2", (3, 6), "three pawns: the same strength as a bishop"),
        ("c2", (5, 10), "five pawns"),
        ("g2", (0, 0), "no friendly pawn: knights, kings and enemy pawns do not count"),
        ("f3", (1, 2), "one friendly pawn"),
    ];
    for (at, strength, why) in cases {
        assert_eq!(rules.strength_at(&pos, sq(at)), Some(strength), "{at}: {why}");
    }
    // The designer's alternative: every adjacent friendly piece counts.
    let variant = [("pawn-strength = \"adjacent-pawns\"", "pawn-strength = \"adjacent-pieces\"")];
    let (rules, pos) = game(&white, &black, &variant);
    assert_eq!(rules.strength_at(&pos, sq("g2")), Some((2, 4)), "the knight and the king count");
    assert_eq!(rules.strength_at(&pos, sq("f3")), Some((1, 2)), "enemies still do not");
}

#[test]
fn an_attack_wins_only_when_offence_exceeds_defence() {
    let n = ["N@e5", "K@h8"];
    assert_eq!(melee(&["Q@d4"], &n, "e5", &[]), combat(6, 8));
    assert_eq!(melee(&["Q@d4", "B@f4"], &n, "e5", &[]), combat(9, 8));
    assert_eq!(melee(&["Q@d4", "K@e4"], &n, "e5", &[]), combat(8, 8), "equal power fails");
    // The queen defends with her strength, not double.
    let q = ["Q@e5", "K@h8"];
    assert_eq!(melee(&["N@d4", "N@f4"], &q, "e5", &[]), combat(8, 6));
    assert_eq!(melee(&["K@d4", "B@f4"], &q, "e5", &[]), combat(5, 6));
    assert_eq!(melee(&["Q@d4", "R@f4"], &q, "e5", &[]), combat(6, 6), "the rook adds nothing");
    // The rook has no strength: anything with offence takes it; rooks alone cannot.
    let r = ["R@e5", "K@h8"];
    assert_eq!(melee(&["B@d4"], &r, "e5", &[]), combat(3, 0));
    assert_eq!(melee(&["R@d4"], &r, "e5", &[]), combat(0, 0));
    // Pieces not adjacent to the target do not join.
    assert_eq!(melee(&["Q@d4", "Q@c3"], &n, "e5", &[]), combat(6, 8));
}

#[test]
fn pawn_formations_attack_and_defend_by_their_neighbours() {
    let row = ["P@d4:f4"];
    // d4 and f4 have one neighbour pawn each, e4 two: 1 + 2 + 1.
    assert_eq!(melee(&row, &["P@e5", "K@h8"], "e5", &[]), combat(4, 0), "an isolated pawn has no defence");
    assert_eq!(melee(&row, &["B@e5", "K@h8"], "e5", &[]), combat(4, 6));
    // Two ranks: d4 3, e4 5, f4 3.
    assert_eq!(melee(&["P@d3:f4"], &["N@e5", "K@h8"], "e5", &[]), combat(11, 8));
    // A defended pawn: e5 has three friendly pawns behind it.
    assert_eq!(melee(&row, &["P@e5", "P@d6:f6", "K@h8"], "e5", &[]), combat(4, 6));
}

#[test]
fn the_strength_table_is_the_designers_to_change() {
    let n = ["N@e5", "K@h8"];
    let seven = [("N = [4, 8]", "N = [4, 7]")];
    assert_eq!(melee(&["Q@d4", "K@e4"], &n, "e5", &seven), combat(8, 7));
    let per = [("pawn-per-neighbour = [1, 2]", "pawn-per-neighbour = [2, 3]")];
    assert_eq!(melee(&["P@d4:f4"], &["P@e5", "P@e6", "K@h8"], "e5", &per), combat(8, 3));
}

#[test]
fn a_failed_attack_is_a_spent_action_that_changes_nothing() {
    let (rules, mut pos) = game(&["Q@d4", "K@a1"], &["N@e5", "K@h8"], &[]);
    let before = pos.placement();
    let report = ok(&rules, &mut pos, "d4 attack e5");
    assert_eq!(report.combat, Some(combat(6, 8)));
    assert!(report.captured.is_empty() && !report.turn_ended && report.outcome.is_none());
    assert_eq!(pos.placement(), before);
    assert_eq!(pos.actions_this_turn().len(), 1);
    // The same attack may be tried again, and again: a wasted turn, but a legal one.
    ok(&rules, &mut pos, "d4 attack e5");
    assert!(ok(&rules, &mut pos, "attack e5").turn_ended);
    assert_eq!(pos.to_move(), Side::Black);
}

#[test]
fn a_successful_attack_removes_the_target() {
    let (rules, mut pos) = game(&["Q@d4", "B@f4", "K@a1"], &["N@e5", "K@h8"], &[]);
    let report = ok(&rules, &mut pos, "d4 attack e5");
    assert_eq!(report.combat, Some(combat(9, 8)));
    let knight = rules.pieces().by_symbol("N").unwrap();
    assert_eq!(report.captured, vec![(sq("e5"), warlord_rules::Piece { kind: knight, side: Side::Black })]);
    assert_eq!(pos.piece_at(sq("e5")), None);
}

#[test]
fn one_piece_may_move_three_times_and_the_turn_then_ends() {
    let (rules, mut pos) = game(&["K@e1", "P@a2"], &["K@e8", "R@h8"], &[]);
    assert!(!ok(&rules, &mut pos, "e1-e2").turn_ended);
    assert!(!ok(&rules, &mut pos, "e2-e3").turn_ended);
    let report = ok(&rules, &mut pos, "e3-e4");
    assert!(report.turn_ended);
    assert_eq!(pos.piece_at(sq("e4")).map(|p| p.side), Some(Side::White));
    assert_eq!((pos.to_move(), pos.turns_played(), pos.actions_this_turn().len()), (Side::Black, 1, 0));
}

#[test]
fn moves_are_single_king_steps_to_empty_squares() {
    let (rules, mut pos) = game(&["K@e1", "P@e2", "R@a1"], &["K@e8", "P@f2"], &[]);
    let reason = |pos: &mut warlord_rules::Position, a: &str| act(&rules, pos, a).unwrap_err().reason;
    assert!(reason(&mut pos, "e1-e2").contains("holds your own Pawn"), "{}", reason(&mut pos, "e1-e2"));
    assert!(reason(&mut pos, "e1-f2").contains("holds an enemy Pawn"));
    assert!(reason(&mut pos, "e1-e3").contains("one king step"));
    assert!(reason(&mut pos, "e8-e7").contains("black's"));
    assert!(reason(&mut pos, "c3-c4").contains("no piece on c3"));
    assert!(reason(&mut pos, "e1-z1").contains("outside"), "{}", reason(&mut pos, "e1-z1"));
    let end = reason(&mut pos, "pass");
    assert!(end.contains("exactly 3 actions and 3 are left"), "{end}");
    ok(&rules, &mut pos, "e1-d1");
    assert!(reason(&mut pos, "pass").contains("2 are left"));
    assert!(reason(&mut pos, "c3<>c4").contains("not an action of Medieval War Chess"));
    assert_eq!(pos.actions_this_turn().len(), 1, "refused actions change nothing");
}

#[test]
fn the_designers_attack_forms_name_the_attackers() {
    // White f5, f6 and h7 all stand next to Black's g6.
    let (rules, mut pos) = game(&["B@f5", "B@f6", "R@h7", "K@a1"], &["N@g6", "K@a8"], &[]);
    let reason = act(&rules, &mut pos, "[f5, f6] attack g6").unwrap_err().reason;
    assert!(reason.contains("must name exactly f5, f6, h7"), "{reason}");
    let reason = act(&rules, &mut pos, "g5 attack g6").unwrap_err().reason;
    assert!(reason.contains("g5 is not one of your pieces next to g6"), "{reason}");
    // One named attacker: all adjacent pieces still join (3 + 3 + 0 against 8).
    assert_eq!(ok(&rules, &mut pos, "f5 attack g6").combat, Some(combat(6, 8)));
    assert_eq!(ok(&rules, &mut pos, "[f5, f6, h7] attack g6").combat, Some(combat(6, 8)));
    assert_eq!(ok(&rules, &mut pos, "attack g6").combat, Some(combat(6, 8)));
    let (rules, mut pos) = game(&["B@f5", "K@a1"], &["N@g6", "N@c6", "K@a8"], &[]);
    assert!(act(&rules, &mut pos, "attack c6").unwrap_err().reason.contains("none of your pieces stands next to c6"));
    assert!(act(&rules, &mut pos, "attack a1").unwrap_err().reason.contains("your own"));
}

#[test]
fn cannon_rays_fail_when_any_other_piece_is_on_them() {
    // (white, black, shot, captured): rank, file and diagonal rays, before and after the target.
    let cases: &[(&[&str], &[&str], &str, bool)] = &[
        (&["R@a1"], &["K@a5", "N@h8"], "a1 cannon a5", true),
        (&["R@a1", "P@a3"], &["K@a5", "N@h8"], "a1 cannon a5", false),
        (&["R@a1"], &["K@a5", "P@a8", "N@h8"], "a1 cannon a5", false),
        (&["R@c1"], &["K@g5", "N@a8"], "c1 cannon g5", true),
        (&["R@c1"], &["K@g5", "P@h6", "N@a8"], "c1 cannon g5", false),
        (&["R@c1", "P@b2"], &["K@g5", "N@a8"], "c1 cannon g5", true),
        (&["R@h1"], &["K@h8", "N@a8"], "h1 cannon h8", true),
        (&["R@a1"], &["K@h1", "N@a8"], "a1 cannon h1", true),
        (&["R@d4"], &["K@d5", "N@a8"], "d4 cannon d5", true),
        (&["R@d4", "P@d3"], &["K@d5", "N@a8"], "d4 cannon d5", true),
    ];
    for &(white, black, shot, captured) in cases {
        let (rules, mut pos) = game(white, black, &[]);
        let report = ok(&rules, &mut pos, shot);
        assert_eq!(!report.captured.is_empty(), captured, "{white:?} {black:?} {shot}");
        let c = report.combat.unwrap();
        assert_eq!((c.offence, c.success), (1, captured), "{shot}: 1 against the other pieces on the ray");
        assert_eq!(pos.actions_this_turn().len(), 1, "a failed shot is spent");
    }
}

#[test]
fn only_rooks_fire_and_only_along_lines() {
    let (rules, mut pos) = game(&["R@a1", "B@c1", "K@e1"], &["K@b3", "N@c4", "N@h8", "P@a5"], &[]);
    let reason = |pos: &mut warlord_rules::Position, a: &str| act(&rules, pos, a).unwrap_err().reason;
    assert!(reason(&mut pos, "a1 cannon b3").contains("not on a rank, file or diagonal"));
    assert!(reason(&mut pos, "c1 cannon c4").contains("cannot make a cannon attack"));
    assert!(reason(&mut pos, "a1 cannon e1").contains("your own"));
    // A rook may fire more than once in a turn ([004] 9.7).
    assert!(!ok(&rules, &mut pos, "a1 cannon h8").captured.is_empty());
    assert!(!ok(&rules, &mut pos, "a1 cannon a5").captured.is_empty());
}

#[test]
fn taking_the_last_enemy_piece_wins() {
    let (rules, mut pos) = game(&["R@a1", "K@e1"], &["N@a8"], &[]);
    let report = ok(&rules, &mut pos, "a1 cannon a8");
    assert_eq!(report.outcome, Some(Outcome::win(Side::White, EndReason::NoPieces)));
    assert!(act(&rules, &mut pos, "e1-e2").unwrap_err().reason.contains("the game is over"));
    assert!(rules.legal_action_list(&pos).is_empty());
}

#[test]
fn the_game_is_drawn_when_no_capture_can_ever_happen() {
    // A king against a king: 2 never exceeds 4. Drawn before a move is made.
    let (_, pos) = game(&["K@e1"], &["K@e8"], &[]);
    assert_eq!(pos.phase(), &Phase::Over(Outcome::draw(EndReason::DeadPosition)));
    // A rook on the board keeps the game going, whatever the strengths.
    let (_, pos) = game(&["K@e1"], &["K@e8", "R@a8"], &[]);
    assert_eq!(pos.phase(), &Phase::Play);
    // Two black pawns could never hurt the king (1 + 1), but the king can take a pawn that
    // stands alone (defence 0).
    let (_, pos) = game(&["K@e1"], &["K@e8", "P@a7", "P@b7"], &[]);
    assert_eq!(pos.phase(), &Phase::Play);
    // King and bishop take the pawn; then 5 never exceeds the knight's 8, and the knight's 4
    // never exceeds the king's 4: drawn at once.
    let (rules, mut pos) = game(&["K@d4", "B@e4"], &["N@h8", "P@d5"], &[]);
    assert_eq!(pos.phase(), &Phase::Play);
    let report = ok(&rules, &mut pos, "attack d5");
    assert_eq!(report.outcome, Some(Outcome::draw(EndReason::DeadPosition)));
}

#[test]
fn the_most_offence_counts_every_arrangement() {
    // Three pawns in an L around the target touch each other (2 + 2 + 2), and the king joins.
    let (rules, pos) = game(&["K@a1", "P@a2:c2"], &["N@h8", "B@g8"], &[]);
    assert_eq!(rules.max_offence(&pos, Side::White), 8);
    assert_eq!(rules.max_offence(&pos, Side::Black), 7);
    assert!(!rules.is_dead(&pos), "8 beats the bishop's 6");
    // A lone pawn never has strength, so two lone pawns can never take each other.
    let (rules, pos) = game(&["P@a2"], &["P@h7"], &[]);
    assert_eq!(rules.max_offence(&pos, Side::White), 0);
    assert_eq!(pos.phase(), &Phase::Over(Outcome::draw(EndReason::DeadPosition)));
    // Counting any adjacent friend, a king lends the pawn strength: 2 + 1 beats a lone pawn.
    let variant = [("pawn-strength = \"adjacent-pawns\"", "pawn-strength = \"adjacent-pieces\"")];
    let (rules, pos) = game(&["P@a2", "K@e1"], &["P@h7", "K@e8"], &variant);
    assert_eq!(rules.max_offence(&pos, Side::White), 3);
    assert_eq!(pos.phase(), &Phase::Play);
}

#[test]
fn a_turn_limit_adjudicates_by_material() {
    let white = ["Q@d1", "K@e1"];
    let black = ["K@e8", "R@a8"];
    let limit = [("turn-limit = 0", "turn-limit = 2"), ("adjudication = \"draw\"", "adjudication = \"material\"")];
    let (rules, mut pos) = game(&white, &black, &limit);
    for a in ["d1-d2", "d2-d1", "d1-d2", "e8-e7", "e7-e8"] {
        ok(&rules, &mut pos, a);
    }
    let report = ok(&rules, &mut pos, "e8-e7");
    assert_eq!(report.outcome, Some(Outcome::win(Side::White, EndReason::TurnLimit)), "9 against 8");
}

#[test]
fn random_starts_rearrange_both_back_ranks_alike() {
    let standard = shipped(&[]).start().placement();
    assert_eq!(shipped(&[("start", "fischer-random"), ("seed", "518")]).start().placement(), standard);
    let rules = shipped(&[("start", "fischer-random"), ("seed", "960")]);
    let pos = rules.start();
    let rank = |r: u8, side: Side| -> String {
        (0..8)
            .map(|f| {
                let p = pos.piece_at(warlord_rules::Square::new(f, r)).unwrap();
                assert_eq!(p.side, side);
                rules.pieces().get(p.kind).symbol.clone()
            })
            .collect()
    };
    assert_eq!(rank(0, Side::White), "BBQNNRKR", "960 is number 0");
    assert_eq!(rank(7, Side::Black), "BBQNNRKR");
    let shuffled = shipped(&[("start", "shuffle"), ("seed", "7")]).start().placement();
    assert_eq!(shipped(&[("start", "shuffle"), ("seed", "7")]).start().placement(), shuffled, "the seed decides");
    let kinds = |p: &[(warlord_rules::Square, warlord_rules::Piece)]| {
        let mut k: Vec<_> = p.iter().map(|(_, p)| (p.side, p.kind)).collect();
        k.sort_unstable();
        k
    };
    assert_eq!(kinds(&shuffled), kinds(&standard));
    assert!((1..5).any(|s| shipped(&[("start", "shuffle"), ("seed", &s.to_string())]).start().placement() != standard));
}

#[test]
fn scenario_mistakes_name_their_field() {
    let cases = [
        ("actions-per-turn = 3", "actions-per-turn = 0", "rules.actions-per-turn"),
        ("N = [4, 8]", "N = [4]", "rules.strength.N"),
        ("N = [4, 8]", "N = [4, 8]\nX = [1, 1]", "rules.strength.X"),
        ("pawn-strength = \"adjacent-pawns\"", "pawn-strength = \"nearby\"", "rules.pawn-strength"),
        ("pawn-per-neighbour = [1, 2]", "pawn-per-neighbour = 1", "rules.pawn-per-neighbour"),
        ("cannon = [\"R\"]", "cannon = [\"Z\"]", "rules.cannon"),
        ("pawns = [\"P\"]", "pawns = []", "rules.strength"),
        ("pawns = [\"P\"]", "pawns = [\"P\", \"N\"]", "rules.strength.N"),
        ("actions-per-turn = 3", "actions-per-turn = 3\nmoves-per-turn = 3", "rules.moves-per-turn"),
        ("start = \"standard\"", "start = \"random\"", "options"),
        ("seed = 0", "seed = 0\nshorter-game = true", "options"),
        ("moves = [{ walk = 1 }]", "moves = [{ walk = 2 }]", "pieces[0].moves"),
        ("files = 8", "files = 8\nwater = [\"d4\"]", "board"),
    ];
    for (from, to, field) in cases {
        let e = scenario_with(&[(from, to)]).unwrap_err();
        assert_eq!(e.field, field, "{to}: {e}");
    }
    let s = scenario_with(&[(
        "position = \"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR\"",
        "position = \"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN1\"",
    )])
    .unwrap();
    let e = s.medieval(&[("start".into(), "fischer-random".into())]).unwrap_err();
    assert_eq!(e.field, "options.start", "{e}");
}

/// Every candidate action in a position: moves up to two squares, attacks without named
/// attackers, and shots between any two squares.
fn candidates(board: &warlord_rules::Board) -> Vec<Action> {
    let squares: Vec<_> = board.squares().collect();
    let mut out = Vec::new();
    for &a in &squares {
        out.push(Action::Attack { target: a, attackers: warlord_rules::Attackers::default() });
        for &b in &squares {
            if warlord_rules::Geometry::Square.distance(a, b) <= 2 {
                out.push(Action::Move { from: a, to: b });
            }
            out.push(Action::Fire { from: a, target: b });
        }
    }
    out
}

#[test]
fn play_accepts_exactly_the_generated_actions() {
    let rules = shipped(&[]);
    let mut pos = rules.start();
    let all = candidates(rules.board());
    let mut seed = 0x2545_f491_4f6c_dd1du64;
    for step in 0..120 {
        let legal = rules.legal_action_list(&pos);
        if step % 8 == 0 {
            for &a in &all {
                let expected = match a {
                    Action::Attack { target, .. } => {
                        legal.iter().any(|l| l.destination() == Some(target) && matches!(l, Action::Attack { .. }))
                    }
                    _ => legal.contains(&a),
                };
                assert_eq!(rules.play(&mut pos.clone(), a).is_ok(), expected, "{a:?} at step {step}");
            }
        }
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        let action = legal[(seed % legal.len() as u64) as usize];
        let mut checked = pos.clone();
        let report = rules.play(&mut checked, action).unwrap();
        assert_eq!(rules.play_unchecked(&mut pos, action), report);
        assert_eq!(pos, checked);
        if pos.outcome().is_some() {
            break;
        }
    }
}

#[test]
fn the_family_is_played_through_the_common_interface() {
    let s = scenario_with(&[]).unwrap();
    let names: Vec<String> = s.option_schema().into_iter().map(|o| o.name).collect();
    assert_eq!(names, ["start", "seed", "turn-limit", "adjudication"]);
    let rules = s.ruleset(&[]).unwrap();
    assert_eq!(rules.family(), warlord_rules::Family::Medieval);
    let mut pos = rules.start();
    // 22 pawn moves and 8 blocked shots (each rook at the two enemies on its file and on its
    // long diagonal; rulings 12).
    let actions = rules.legal_action_list(&pos);
    assert_eq!(actions.len(), 30);
    assert_eq!(actions.iter().filter(|a| matches!(a, Action::Fire { .. })).count(), 8);
    assert!(rules.commanders_of(&pos, sq("e2")).is_empty());
    for _ in 0..3 {
        let a = rules.legal_action_list(&pos)[0];
        rules.play(&mut pos, a).unwrap();
    }
    assert_eq!(pos.to_move(), Side::Black);
}
