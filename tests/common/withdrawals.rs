//! A table's copy that saw a flood of withdrawals in one round: a phone
//! that committed its hidden choice and took it back (an undo, or a void)
//! again and again, as an older version let it, then chose for good and
//! the round was shown. Built entry by entry as the host ordered them;
//! `#[path]`-included by `tests/table_link.rs` (reopening it costs about
//! its length) and `tests/benches/table_reopen.rs` (how long that takes).

#![allow(dead_code)]

use genius::core::dice::D6;
use genius::core::einstein::{self, Einstein};
use genius::core::game::RollSource;
use genius::core::game_id::GameId;
use genius::core::link::replica::SavedReplica;
use genius::core::link::sealed::{Nonce, Opening};
use genius::core::link::wire::{Entry, Origin, PhoneId, Start, Step};
use genius::core::table::{Colour, FirstPlayer, Player};

/// Bruno's phone, the one that withdraws.
pub fn bruno() -> PhoneId {
    PhoneId::numbered(1)
}

/// Player `player`'s choice in Einstein (the same pairs for everyone).
fn choice(player: usize) -> einstein::Action {
    einstein::Action::Choose {
        player,
        choice: einstein::Choice {
            pairs: [[0, 1], [2, 3]],
        },
    }
}

/// The opening of `player`'s choice with the `n`th nonce.
fn opening(player: usize, n: u64) -> Opening<einstein::Action> {
    let mut nonce = [0; 32];
    nonce[..8].copy_from_slice(&n.to_le_bytes());
    nonce[8] = player as u8;
    Opening {
        nonce: Nonce::from_bytes(nonce),
        action: choice(player),
    }
}

/// A three-player Einstein (Anne hosts, Bruno and Chloé on phones 1 and
/// 2): the roll; Anne commits; Bruno commits and withdraws `withdrawals`
/// times, by an undo and a void in turn; then Bruno and Chloé commit and
/// all three choices are shown. The copy as a phone with no choice of its
/// own saves it (it reads the choices as they are shown).
pub fn flooded_round(withdrawals: u64) -> SavedReplica<Einstein> {
    let start = Start {
        setup: einstein::Setup {
            players: (0..3)
                .map(|i| Player::new(["Anne", "Bruno", "Chloé"][i], Colour::ALL[i]))
                .collect(),
            first: FirstPlayer::Chosen(0),
        },
        coach_allowed: true,
        dice: Default::default(),
    };
    let mut proposal = 0;
    let mut from = |phone: u64| {
        proposal += 1;
        Some(Origin {
            phone: PhoneId::numbered(phone),
            proposal,
        })
    };
    let dice = [6, 5, 4, 3, 2].map(|v| D6::new(v).unwrap()).to_vec();
    let mut entries = vec![Entry {
        step: Step::Act(einstein::Action::Roll {
            dice,
            source: RollSource::Typed,
        }),
        origin: None,
    }];
    let commit = |player, n| Step::Commit {
        player,
        commitment: opening(player, n).commitment(),
    };
    entries.push(Entry {
        step: commit(0, 0),
        origin: None,
    });
    for n in 0..withdrawals {
        entries.push(Entry {
            step: commit(1, n),
            origin: from(1),
        });
        let withdrawal = if n % 2 == 0 {
            Step::Undo
        } else {
            Step::Void {
                commitment: opening(1, n).commitment(),
            }
        };
        entries.push(Entry {
            step: withdrawal,
            origin: from(1),
        });
    }
    let last = [(1, withdrawals, 1), (2, 0, 2)];
    for (player, n, phone) in last {
        entries.push(Entry {
            step: commit(player, n),
            origin: from(phone),
        });
    }
    for (player, n, phone) in [(0, 0, None), (1, withdrawals, Some(1)), (2, 0, Some(2))] {
        let opening = opening(player, n);
        entries.push(Entry {
            step: Step::Reveal {
                nonce: opening.nonce,
                action: opening.action,
            },
            origin: phone.and_then(&mut from),
        });
    }
    SavedReplica {
        game: GameId::parse("flooded-round").unwrap(),
        start,
        entries,
        openings: Vec::new(),
    }
}
