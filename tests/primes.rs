//! The facts the Mode Sérieux depends on, checked by brute force through the
//! same public functions the app uses.

use genius::core::checker::{Checker, Input};
use genius::core::dice::{Hand, D6};
use genius::core::prime::{
    prime_odds, sorted_numbers, sorted_numbers_with_rolls, verdict, Verdict,
};

/// The checker's verdict once `dice` are typed in, in their order, as the
/// core screen does.
fn verdict_for_dice(dice: &[D6]) -> Option<Verdict> {
    let mut checker = Checker::new();
    for d in dice {
        checker.apply(Input::Face(*d)).expect("a face");
    }
    checker.verdict()
}

/// Every multiset of 1 to 5 dice, as the dice themselves.
fn every_sorted_hand() -> Vec<Vec<D6>> {
    fn extend(prefix: &mut Vec<D6>, from: usize, out: &mut Vec<Vec<D6>>) {
        if !prefix.is_empty() {
            out.push(prefix.clone());
        }
        if prefix.len() == 5 {
            return;
        }
        for i in from..6 {
            prefix.push(D6::ALL[i]);
            extend(prefix, i, out);
            prefix.pop();
        }
    }
    let mut out = Vec::new();
    extend(&mut Vec::new(), 0, &mut out);
    out
}

#[test]
fn exactly_fourteen_of_the_461_sorted_numbers_are_green() {
    let hands = every_sorted_hand();
    assert_eq!(hands.len(), 461);
    let mut green: Vec<u32> = hands
        .iter()
        .map(|dice| verdict_for_dice(dice).expect("dice"))
        .filter(|v| v.is_prime())
        .map(|v| v.number)
        .collect();
    green.sort_unstable();
    assert_eq!(
        green,
        vec![2, 3, 5, 11, 13, 23, 113, 223, 233, 1123, 1223, 2333, 11113, 23333]
    );
}

#[test]
fn the_enumerations_agree() {
    let mut from_hands: Vec<u32> = every_sorted_hand()
        .iter()
        .map(|d| Hand::from_dice(d).unwrap().number().unwrap())
        .collect();
    from_hands.sort_unstable();
    let mut from_numbers: Vec<u32> = (1..=5).flat_map(sorted_numbers).collect();
    from_numbers.sort_unstable();
    assert_eq!(from_hands, from_numbers);
}

#[test]
fn any_order_gives_the_verdict_of_the_sorted_dice() {
    let d = |v: u8| D6::new(v).unwrap();
    let shuffled = [d(3), d(3), d(3), d(2), d(3)];
    assert_eq!(verdict_for_dice(&shuffled).unwrap().number, 23333);
    assert!(verdict_for_dice(&shuffled).unwrap().is_prime());
    assert_eq!(verdict_for_dice(&[]), None);
}

#[test]
fn odds_match_the_rulings() {
    let odds: Vec<(u32, u32)> = (1..=5)
        .map(|k| {
            let o = prime_odds(k);
            (o.favourable, o.total)
        })
        .collect();
    assert_eq!(
        odds,
        vec![(3, 6), (5, 36), (9, 216), (28, 1296), (10, 7776)]
    );
    assert_eq!(prime_odds(1).reduced(), (1, 2));
}

#[test]
fn odds_agree_with_every_ordered_roll() {
    // Brute force: each of the 6^k ordered rolls, sorted and checked.
    for k in 1..=5usize {
        let total = 6u32.pow(k as u32);
        let mut favourable = 0;
        for index in 0..total {
            let roll: Vec<D6> = (0..k)
                .map(|slot| D6::ALL[(index / 6u32.pow(slot as u32) % 6) as usize])
                .collect();
            if verdict_for_dice(&roll).unwrap().is_prime() {
                favourable += 1;
            }
        }
        assert_eq!(
            (prime_odds(k).favourable, prime_odds(k).total),
            (favourable, total),
            "{k} dice"
        );
        let rolls: u32 = sorted_numbers_with_rolls(k).iter().map(|&(_, r)| r).sum();
        assert_eq!(rolls, total, "{k} dice: every roll counted once");
        assert_eq!(
            sorted_numbers(k),
            sorted_numbers_with_rolls(k)
                .iter()
                .map(|&(n, _)| n)
                .collect::<Vec<_>>()
        );
    }
    assert!(sorted_numbers_with_rolls(3).contains(&(122, 3)));
    assert!(sorted_numbers_with_rolls(5).contains(&(12345, 120)));
}

#[test]
fn one_is_never_green() {
    assert!(!verdict(1).is_prime());
    assert!(!verdict(11111).is_prime());
    assert!(verdict(11).is_prime());
}
