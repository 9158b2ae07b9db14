//! Agents that plan whole turns for any [`warlord_rules::Ruleset`].
