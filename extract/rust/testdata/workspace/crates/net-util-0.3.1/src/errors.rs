impl std::error::Error for crate::proto::frame::FrameFault {}
