//! The TypeScript declarations of the API's game types, generated from the Rust types with
//! ts-rs into `web/src/api/generated.ts`, so that the browser's types are never mirrored by
//! hand. The test here fails when the checked-in file differs from what the Rust types
//! generate; `WARLORD_BLESS=1 cargo test -p warlord-server api_types` rewrites it.

use crate::analysis::{AnalysisBody, PreviewBody, RecordBody, RecordTurnBody};
use crate::game::{AiSeat, ClockConfig, ClockView, Mode};
use crate::render::{
    ActionView, BoardInfo, CommandLink, GameInfo, HintsView, LegalAction, Mark, MoveListTurn, OutcomeView, PieceInfo,
    PieceView, ScenarioBoard, ScenarioEntry, ScenarioInfo, StateView, Step, ToPlace, TurnView,
};
use ts_rs::{Config, TS};
use warlord_rules::{
    ActionKind, Appearance, Combat, Command, Commander, EndReason, Geometry, IllegalKind, OptionSpec, OptionType, Side,
    Tally, UnitClass,
};

/// Where the generated file lives, from the server crate's folder.
const GENERATED: &str = "../web/src/api/generated.ts";

/// One declaration, exported.
fn declaration<T: TS>(cfg: &Config) -> String {
    format!("export {}\n", T::decl(cfg))
}

/// The whole generated file.
fn typescript() -> String {
    // JSON numbers: the API's 64-bit integers (times in milliseconds, counts) fit in a double.
    let cfg = Config::new().with_large_int("number");
    let mut out = String::from(
        "// Generated from the server's Rust types by ts-rs (server/src/api_types.rs); do not edit.\n\
         // `WARLORD_BLESS=1 cargo test -p warlord-server api_types` writes it again.\n\n",
    );
    for decl in [
        declaration::<Side>(&cfg),
        declaration::<warlord_rules::Square>(&cfg),
        declaration::<Geometry>(&cfg),
        declaration::<UnitClass>(&cfg),
        declaration::<Command>(&cfg),
        declaration::<Appearance>(&cfg),
        declaration::<Combat>(&cfg),
        declaration::<ActionKind>(&cfg),
        declaration::<IllegalKind>(&cfg),
        declaration::<EndReason>(&cfg),
        declaration::<Commander>(&cfg),
        declaration::<Tally>(&cfg),
        declaration::<OptionType>(&cfg),
        declaration::<OptionSpec>(&cfg),
        declaration::<Mode>(&cfg),
        declaration::<ClockConfig>(&cfg),
        declaration::<ClockView>(&cfg),
        declaration::<AiSeat>(&cfg),
        declaration::<crate::game::ReadOnly>(&cfg),
        declaration::<ScenarioBoard>(&cfg),
        declaration::<ScenarioEntry>(&cfg),
        declaration::<crate::agent::LevelEntry>(&cfg),
        declaration::<ScenarioInfo>(&cfg),
        declaration::<BoardInfo>(&cfg),
        declaration::<PieceInfo>(&cfg),
        declaration::<GameInfo>(&cfg),
        declaration::<Step>(&cfg),
        declaration::<ActionView>(&cfg),
        declaration::<LegalAction>(&cfg),
        declaration::<CommandLink>(&cfg),
        declaration::<Mark>(&cfg),
        declaration::<HintsView>(&cfg),
        declaration::<PieceView>(&cfg),
        declaration::<ToPlace>(&cfg),
        declaration::<TurnView>(&cfg),
        declaration::<MoveListTurn>(&cfg),
        declaration::<OutcomeView>(&cfg),
        declaration::<StateView>(&cfg),
        declaration::<crate::delta::ListPatch<PieceView>>(&cfg),
        declaration::<crate::delta::HintsDelta>(&cfg),
        declaration::<crate::delta::LegalPatch>(&cfg),
        declaration::<crate::delta::StateDelta>(&cfg),
        declaration::<AnalysisBody>(&cfg),
        declaration::<PreviewBody>(&cfg),
        declaration::<RecordTurnBody>(&cfg),
        declaration::<crate::record_tree::RecordNodeBody>(&cfg),
        declaration::<RecordBody>(&cfg),
        declaration::<crate::record_tree::LineNode>(&cfg),
        declaration::<crate::analysis::WrittenRecordBody>(&cfg),
        declaration::<crate::computer_analysis::JudgementView>(&cfg),
        declaration::<crate::computer_analysis::ComputerTurnBody>(&cfg),
        declaration::<crate::computer_analysis::ComputerBody>(&cfg),
        declaration::<crate::refusal::RefusalRequest>(&cfg),
        declaration::<crate::refusal::RefusalBody>(&cfg),
        declaration::<crate::results::ActionResult>(&cfg),
        declaration::<crate::results::ResultsBody>(&cfg),
        declaration::<crate::error::ErrorCode>(&cfg),
        declaration::<crate::error::ApiError>(&cfg),
        declaration::<crate::ws::ServerMessage>(&cfg),
        declaration::<crate::protocol::Command>(&cfg),
        declaration::<crate::protocol::RawClock>(&cfg),
        declaration::<crate::protocol::RawAi>(&cfg),
        declaration::<crate::protocol::Challenge>(&cfg),
        declaration::<crate::protocol::RawCreate>(&cfg),
        declaration::<crate::http::Link>(&cfg),
        declaration::<crate::http::CreatedBody>(&cfg),
        declaration::<crate::store::LobbyEntry>(&cfg),
        declaration::<crate::challenge::JoinedBody>(&cfg),
        declaration::<warlord_rules::guide::PieceGuide>(&cfg),
        declaration::<warlord_rules::guide::OptionGuide>(&cfg),
        declaration::<warlord_rules::guide::RulesGuide>(&cfg),
    ] {
        out.push_str(&decl);
        out.push('\n');
    }
    out
}

#[test]
fn generated_typescript_matches_the_checked_in_file() {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(GENERATED);
    let generated = typescript();
    if std::env::var_os("WARLORD_BLESS").is_some() {
        std::fs::write(&path, &generated).expect("write the generated types");
        return;
    }
    let checked_in = std::fs::read_to_string(&path).unwrap_or_default();
    assert!(
        checked_in == generated,
        "{} is not what the Rust types generate: run `WARLORD_BLESS=1 cargo test -p warlord-server api_types` and commit it",
        path.display()
    );
}
