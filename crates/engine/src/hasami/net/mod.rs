//! The learned evaluation (NNUE): a small network per trained variant, shipped in the repository and
//! compiled into the program, that adds what the hand-written evaluation misses (docs/eval.md).
//!
//! - `network.rs`: the network file and its integer weights ([`Network`]).
//! - `accumulator.rs`: the hidden layer kept up to date move by move ([`Accumulator`]).
//! - `netted.rs`: a position with its accumulator, searched as a [`crate::SearchGame`] ([`Netted`]).

mod accumulator;
mod netted;
mod network;

use std::sync::OnceLock;

use hasami_core::HasamiRules;

pub use accumulator::{input, Accumulator};
pub use netted::Netted;
pub use network::{Network, NetworkError, HIDDEN, QA, QB};

/// The shipped networks (`crates/engine/nets/`); each file names its variant.
const SHIPPED: &[&[u8]] = &[
    include_bytes!("../../../nets/hasami.nnue"),
    include_bytes!("../../../nets/mak-yek.nnue"),
];

/// The variants whose network passed an SPRT against the hand-written evaluation at 100 ms a move
/// (elo0 0, elo1 20, α = β = 0.05; docs/eval.md): the engine uses these by default
/// ([`crate::Learned::Confirmed`]), the others only when asked.
const CONFIRMED: &[&str] = &["hasami", "mak-yek"];

/// The shipped networks, read once.
pub fn shipped() -> &'static [(&'static HasamiRules, Network)] {
    static NETS: OnceLock<Vec<(&'static HasamiRules, Network)>> = OnceLock::new();
    NETS.get_or_init(|| {
        SHIPPED
            .iter()
            .map(|bytes| {
                let net = Network::read(bytes).expect("a shipped network reads (tested)");
                let rules = HasamiRules::parse(net.variant()).expect("a shipped network's variant");
                (rules, net)
            })
            .collect()
    })
}

/// Whether the network for exactly these rules is shipped and confirmed (listed in `CONFIRMED`).
pub fn confirmed(rules: &'static HasamiRules) -> bool {
    network_for(rules).is_some_and(|net| CONFIRMED.contains(&net.variant()))
}

/// The network trained for exactly these rules, if one is shipped.
pub fn network_for(rules: &'static HasamiRules) -> Option<&'static Network> {
    shipped()
        .iter()
        .find(|(r, _)| *r == rules)
        .map(|(_, net)| net)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_shipped_network_reads_and_names_a_variant_of_its_board() {
        assert_eq!(shipped().len(), SHIPPED.len());
        for (rules, net) in shipped() {
            assert_eq!(net.size(), rules.size());
            assert!(std::ptr::eq(network_for(rules).unwrap(), net));
        }
        assert!(network_for(HasamiRules::parse("dai-hasami").unwrap()).is_none());
        assert!(confirmed(HasamiRules::parse("hasami").unwrap()));
        assert!(confirmed(HasamiRules::parse("mak-yek").unwrap()));
        for other in ["hasami+max-run=1", "hasami+quiet=12", "dai-hasami"] {
            assert!(!confirmed(HasamiRules::parse(other).unwrap()), "{other}");
        }
    }
}
