//! The scenarios shipped with Warlord: the TOML files in `scenarios/data/`, compiled into the
//! program so that every tool has them without reading files. Data only: reading them into
//! rules is `warlord_rules::Scenario::parse`.

/// A shipped scenario file.
#[derive(Copy, Clone, Debug)]
pub struct Builtin {
    /// Its id: the file's stem.
    pub id: &'static str,
    /// The file's text.
    pub text: &'static str,
}

macro_rules! builtin {
    ($($id:literal),* $(,)?) => {
        /// Every shipped scenario, in the order players meet them.
        pub const ALL: &[Builtin] = &[
            $(Builtin { id: $id, text: include_str!(concat!("../data/", $id, ".toml")) }),*
        ];
    };
}

// The order players should meet them: the parent game, the first Warlord, then Warlord 2.0 and
// its scenarios in the designer's order (smaller and simpler to larger and stranger), and the
// large games of the design notes last, from 24x24 to 120x120, then the project's translations
// to hex boards.
builtin![
    "chieftain",
    "warlord-original",
    "warlord-2-0",
    "clash-of-arms",
    "battle-line",
    "civil-war",
    "river",
    "lakes",
    "lakes-2",
    "test-of-wills",
    "border-war",
    "warlord-2",
    "valley-war",
    "zigzag-16x36",
    "two-countries-48x72",
    "fanatics-120x120",
    "hex-skirmish",
    "chieftain-hex",
    "fanatics-120x120-hex",
    "medieval",
    "wargame-1",
    "wargame-1-skirmish",
    "wargame-2",
    "wargame-2-skirmish",
];

/// The shipped scenario with this id.
#[must_use]
pub fn get(id: &str) -> Option<&'static Builtin> {
    ALL.iter().find(|b| b.id == id)
}
