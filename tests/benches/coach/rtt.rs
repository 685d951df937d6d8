use super::Budget;
pub fn run(_: &Budget) {}
