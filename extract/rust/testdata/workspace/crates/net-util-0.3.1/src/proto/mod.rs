mod frame;

pub struct Codec;

impl Codec {
    pub fn decode(&self, b: &[u8]) {
        assert!(!b.is_empty(), "empty frame");
    }
}
