impl std::error::Error for crate::proto::frame::FrameFault {}

#[derive(Debug, thiserror::Error)]
pub enum NetError {
    #[error("connection to {addr} refused after {attempts} attempts")]
    Refused { addr: String, attempts: u32 },
}
