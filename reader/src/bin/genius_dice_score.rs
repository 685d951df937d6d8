//! `genius-dice PHOTO… | genius-dice-score LABELS.json`: scores the reader's
//! lines against the labels (the format of `../shared/dice-photos/
//! labels.json`: `{"file", "dice": [{"value", "box"}]}` per photo, `file`
//! relative to the labels' folder) and prints, per source (the file's first
//! folder) and in all: the dice read right, the photos read whole, the
//! photos of at most six dice read whole, and the reader's time.

use genius_reader::score::{score, Score, Truth};
use genius_reader::Die;
use serde_json::Value;
use std::collections::BTreeMap;
use std::io::BufRead;
use std::path::Path;

#[derive(Default)]
struct Tally {
    dice: Score,
    photos: usize,
    whole: usize,
    small: usize,
    small_whole: usize,
    ms: Vec<u64>,
}

fn main() -> Result<(), String> {
    let labels = std::env::args()
        .nth(1)
        .ok_or("usage: genius-dice-score LABELS.json < genius-dice's lines")?;
    let text = std::fs::read_to_string(&labels).map_err(|e| format!("{labels}: {e}"))?;
    let root = Path::new(&labels).parent().unwrap_or(Path::new("."));
    let entries: Vec<Value> = serde_json::from_str(&text).map_err(|e| format!("{labels}: {e}"))?;
    let mut truths = BTreeMap::new();
    for e in &entries {
        let file = e["file"].as_str().ok_or("a label without a file")?;
        let dice: Vec<Truth> = e["dice"]
            .as_array()
            .ok_or("a label without dice")?
            .iter()
            .map(|d| Truth {
                value: d["value"].as_u64().unwrap_or(0) as u8,
                bbox: boxed(&d["box"]),
            })
            .collect();
        let key = root
            .join(file)
            .canonicalize()
            .map_err(|e| format!("{file}: {e}"))?;
        truths.insert(
            key,
            (file.split('/').next().unwrap_or("").to_string(), dice),
        );
    }
    let mut tallies: BTreeMap<String, Tally> = BTreeMap::new();
    let mut listing = Vec::new();
    for line in std::io::stdin().lock().lines() {
        let line = line.map_err(|e| e.to_string())?;
        let v: Value = serde_json::from_str(&line).map_err(|e| format!("{e}: {line}"))?;
        let file = v["file"].as_str().unwrap_or("");
        let Some((source, truth)) = Path::new(file)
            .canonicalize()
            .ok()
            .and_then(|k| truths.get(&k))
        else {
            return Err(format!("{file}: not in {labels}"));
        };
        let read: Vec<Die> = v["dice"]
            .as_array()
            .into_iter()
            .flatten()
            .map(|d| Die {
                value: d["value"].as_u64().unwrap_or(0) as u8,
                bbox: boxed(&d["box"]),
                confidence: d["confidence"].as_f64().unwrap_or(0.0) as f32,
            })
            .collect();
        let s = score(truth, &read);
        if !s.whole() {
            listing.push(format!(
                "  {file}: {} right, {} wrong, {} missed, {} invented",
                s.right, s.wrong, s.missed, s.invented
            ));
        }
        for key in [source.clone(), "all".to_string()] {
            let t = tallies.entry(key).or_default();
            t.dice.add(s);
            t.photos += 1;
            t.whole += usize::from(s.whole());
            if truth.len() <= 6 {
                t.small += 1;
                t.small_whole += usize::from(s.whole());
            }
            t.ms.push(v["ms"].as_u64().unwrap_or(0));
        }
    }
    println!("photos not read whole:\n{}", listing.join("\n"));
    println!(
        "{:<12} {:>7} {:>16} {:>16} {:>20} {:>12}",
        "source", "photos", "dice right", "photos whole", "photos ≤ 6 whole", "ms median"
    );
    for (source, t) in &mut tallies {
        t.ms.sort_unstable();
        let pct = |a: usize, b: usize| 100.0 * a as f64 / b.max(1) as f64;
        println!(
            "{:<12} {:>7} {:>8.2} % ({:>4}) {:>8.2} % ({:>3}) {:>12.2} % ({:>3}) {:>12} {:>10}",
            source,
            t.photos,
            pct(t.dice.right, t.dice.dice()),
            t.dice.dice(),
            pct(t.whole, t.photos),
            t.whole,
            pct(t.small_whole, t.small),
            t.small,
            t.dice.wrong_sure,
            t.ms.get(t.ms.len() / 2).copied().unwrap_or(0),
        );
    }
    Ok(())
}

fn boxed(v: &Value) -> [f32; 4] {
    let mut b = [0.0; 4];
    for (i, x) in v.as_array().into_iter().flatten().take(4).enumerate() {
        b[i] = x.as_f64().unwrap_or(0.0) as f32;
    }
    b
}
