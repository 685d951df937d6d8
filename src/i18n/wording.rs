//! Texts worded when shown: what a screen keeps of a refusal or a notice is
//! its reason, and the words come in the language of the moment it is
//! drawn (a player who switches language mid-game reads it in the new one).

use super::Lang;
use std::fmt;
use std::rc::Rc;

/// A reason to tell a player, worded in whichever language it is shown in.
#[derive(Clone)]
pub struct Wording(Rc<dyn Fn(Lang) -> String>);

impl Wording {
    pub fn new(word: impl Fn(Lang) -> String + 'static) -> Self {
        Wording(Rc::new(word))
    }

    /// The words in `lang`.
    pub fn say(&self, lang: Lang) -> String {
        (self.0)(lang)
    }

    /// This, then `next`, one after the other.
    pub fn then(self, next: Wording) -> Wording {
        Wording::new(move |lang| format!("{} {}", self.say(lang), next.say(lang)))
    }
}

/// The same reason kept, not words that happen to match: a screen drawn
/// again with it changes nothing.
impl PartialEq for Wording {
    fn eq(&self, other: &Self) -> bool {
        Rc::ptr_eq(&self.0, &other.0)
    }
}

impl fmt::Debug for Wording {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Wording({:?})", self.say(Lang::En))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn worded_in_the_language_it_is_shown_in() {
        let told = Wording::new(|lang| lang.table().host_here.to_string())
            .then(Wording::new(|lang| lang.table().carry_on.to_string()));
        assert_eq!(told.say(Lang::En), "Host it from here Carry on here, alone");
        assert_eq!(
            told.say(Lang::Fr),
            "Héberger la partie ici Continuer ici, seul"
        );
        assert_eq!(told.clone(), told);
    }
}
