//! Bytes written as lower-case hex digits, as the table's keys, secrets,
//! commitments and signatures travel and are saved.

/// `bytes` as two lower-case hex digits each.
pub fn encode(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// The `N` bytes `text` writes, if it is exactly `2 × N` hex digits.
pub fn decode<const N: usize>(text: &str) -> Option<[u8; N]> {
    if text.len() != 2 * N || !text.is_ascii() {
        return None;
    }
    let mut bytes = [0; N];
    for (i, byte) in bytes.iter_mut().enumerate() {
        *byte = u8::from_str_radix(&text[2 * i..2 * i + 2], 16).ok()?;
    }
    Some(bytes)
}

#[cfg(test)]
mod tests {
    #[test]
    fn bytes_read_back_and_only_the_right_length_reads() {
        let text = super::encode(&[0x00, 0xab, 0x7f]);
        assert_eq!(text, "00ab7f");
        assert_eq!(super::decode::<3>(&text), Some([0x00, 0xab, 0x7f]));
        assert_eq!(super::decode::<2>(&text), None);
        assert_eq!(super::decode::<3>("00ab7g"), None);
        assert_eq!(super::decode::<1>("é"), None);
    }
}
