//! The readers of client input never panic, and read what the API documents.

use super::*;
use proptest::prelude::*;

#[test]
fn documented_messages_read() {
    let m = parse_message(br#"{"type":"act","actions":["d2-d4","end"],"seq":7,"ref":3}"#).unwrap();
    assert_eq!(m.reference, Some(3));
    assert_eq!(m.command, Command::Act { actions: vec!["d2-d4".into(), "end".into()], seq: Some(7) });
    for (text, command) in [
        (r#"{"type":"resign"}"#, Command::Resign {}),
        (r#"{"type":"offer-draw"}"#, Command::OfferDraw {}),
        (r#"{"type":"accept-draw"}"#, Command::AcceptDraw {}),
        (r#"{"type":"decline-draw"}"#, Command::DeclineDraw {}),
        (r#"{"type":"offer-takeback"}"#, Command::OfferTakeback {}),
        (r#"{"type":"accept-takeback"}"#, Command::AcceptTakeback {}),
        (r#"{"type":"decline-takeback"}"#, Command::DeclineTakeback {}),
        (r#"{"type":"ping","ref":1}"#, Command::Ping {}),
    ] {
        assert_eq!(parse_message(text.as_bytes()).unwrap().command, command, "{text}");
    }
}

#[test]
fn bad_messages_say_what_is_wrong_and_keep_the_ref() {
    for bad in [
        "",
        "{",
        "[]",
        r#"{"type":"fly"}"#,
        r#"{"type":"act"}"#,
        r#"{"type":"act","actions":[]}"#,
        r#"{"type":"act","actions":"d2-d4"}"#,
        r#"{"type":"resign","extra":1}"#,
        r#"{"type":"ping","ref":"x"}"#,
    ] {
        let (_, e) = parse_message(bad.as_bytes()).unwrap_err();
        assert_eq!(e.code, ErrorCode::BadRequest, "{bad}");
    }
    let (reference, _) = parse_message(br#"{"type":"fly","ref":9}"#).unwrap_err();
    assert_eq!(reference, Some(9));
    let big = format!(r#"{{"type":"act","actions":["{}"]}}"#, "a".repeat(MAX_MESSAGE_BYTES));
    assert_eq!(parse_message(big.as_bytes()).unwrap_err().1.code, ErrorCode::TooLarge);
}

#[test]
fn create_requests_are_checked() {
    let ok = parse_create(
        br#"{"scenario":"chieftain","mode":"live","options":{"turn-limit":40,"shorter-game":true},"clock":{"initial_seconds":300,"increment_seconds":5},"public":true}"#,
    )
    .unwrap();
    assert_eq!(ok.options.get("turn-limit").map(String::as_str), Some("40"));
    assert_eq!(ok.clock, Some(ClockConfig { initial_ms: 300_000, increment_ms: 5_000 }));
    let ai = parse_create(br#"{"scenario":"chieftain","mode":"ai","ai":{"side":"black","level":2}}"#).unwrap();
    assert_eq!(ai.ai, Some(AiSeat { side: Side::Black, level: 2 }));
    for bad in [
        r#"{"scenario":"chieftain","mode":"ai"}"#,
        r#"{"scenario":"chieftain","mode":"live","ai":{"side":"black"}}"#,
        r#"{"scenario":"chieftain","mode":"correspondence","clock":{"initial_seconds":60}}"#,
        r#"{"scenario":"chieftain","mode":"live","clock":{"initial_seconds":0}}"#,
        r#"{"scenario":"chieftain","mode":"ai","ai":{"side":"black","level":7}}"#,
        r#"{"scenario":"chieftain","mode":"blitz"}"#,
        r#"{"scenario":"chieftain","mode":"live","options":{"x":[1]}}"#,
    ] {
        assert_eq!(parse_create(bad.as_bytes()).unwrap_err().code, ErrorCode::BadRequest, "{bad}");
    }
}

/// JSON-looking text built from the protocol's own words, to reach deeper than random bytes.
fn json_like() -> impl Strategy<Value = String> {
    let word = prop_oneof![
        Just("\"type\"".to_string()),
        Just("\"act\"".to_string()),
        Just("\"actions\"".to_string()),
        Just("\"ref\"".to_string()),
        Just("\"seq\"".to_string()),
        Just("\"scenario\"".to_string()),
        Just("\"mode\"".to_string()),
        Just("\"clock\"".to_string()),
        Just("\"ai\"".to_string()),
        Just("\"options\"".to_string()),
        Just("\"initial_seconds\"".to_string()),
        Just("\"live\"".to_string()),
        Just("\"d2-d4\"".to_string()),
        Just("1e308".to_string()),
        Just("-1".to_string()),
        Just("18446744073709551616".to_string()),
        Just("null".to_string()),
        Just("true".to_string()),
        "[{}\\[\\]:,]".prop_map(|s| s.to_string()),
        "\"[^\"\\\\]{0,8}\"".prop_map(|s| s.to_string()),
    ];
    proptest::collection::vec(word, 0..40).prop_map(|w| w.concat())
}

proptest! {
    #[test]
    fn message_reader_never_panics_on_bytes(bytes in proptest::collection::vec(any::<u8>(), 0..512)) {
        let _ = parse_message(&bytes);
        let _ = parse_create(&bytes);
    }

    #[test]
    fn readers_never_panic_on_json_like_text(text in json_like()) {
        let _ = parse_message(text.as_bytes());
        let _ = parse_create(text.as_bytes());
        let wrapped = format!("{{{text}}}");
        let _ = parse_message(wrapped.as_bytes());
        let _ = parse_create(wrapped.as_bytes());
    }

    #[test]
    fn act_messages_round_trip(actions in proptest::collection::vec("[a-z0-9@<>\\- ]{1,12}", 1..8), seq in any::<u64>(), reference in any::<u64>()) {
        let text = serde_json::json!({"type": "act", "actions": actions, "seq": seq, "ref": reference}).to_string();
        let m = parse_message(text.as_bytes()).unwrap();
        prop_assert_eq!(m.reference, Some(reference));
        prop_assert_eq!(m.command, Command::Act { actions, seq: Some(seq) });
    }
}
