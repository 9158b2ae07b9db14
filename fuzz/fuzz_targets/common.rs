//! What the fuzz targets share: a piece table with one- and multi-letter symbols.

use warlord_rules::{PieceTable, Scenario};

const PIECES: &str = r#"
name = "Fuzz"
family = "warlord"
[board]
files = 8
ranks = 8
[[pieces]]
like = "leader"
[[pieces]]
like = "leader"
symbol = "L2"
command = { capacity = 2 }
[[pieces]]
like = "infantry"
[[pieces]]
like = "cannon"
[setup]
position = "8/8/8/8/8/8/8/{L2}L1IC3"
"#;

/// The piece table symbols are read against.
pub fn pieces() -> PieceTable {
    Scenario::parse(PIECES, "fuzz.toml").expect("the fuzz scenario is valid").pieces
}
