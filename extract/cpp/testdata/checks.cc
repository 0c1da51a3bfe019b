#include <c10/util/Exception.h>
#include <glog/logging.h>
#include "tensorflow/core/platform/errors.h"

namespace at::native {

Tensor& resize_(Tensor& self, IntArrayRef size) {
  TORCH_CHECK(size.size() <= 8, "resize_: expected at most 8 dims, but got ", size.size(), " dims");
  TORCH_CHECK(self.defined());
  TORCH_CHECK_VALUE(self.numel() > 0, "cannot resize an empty tensor");
  TORCH_CHECK_INDEX(
      size[0] >= 0,
      "negative size ", size[0], " at dim 0");
  TORCH_INTERNAL_ASSERT(self.is_contiguous(), "self must be contiguous");
  if (self.dim() == 0) {
    AT_ERROR("resize_ is not supported for 0-dim tensors, got ", self.sizes());
  }
  return self;
}

}  // namespace at::native

namespace tensorflow {
Status CheckShape(const TensorShape& shape, int rank) {
  if (shape.dims() != rank) {
    return errors::InvalidArgument("Expected rank ", rank, " but got shape ", shape.DebugString());
  }
  return OkStatus();
}
}  // namespace tensorflow

void Worker::Run(int n, Item* item) {
  CHECK(n > 0) << "n must be positive, got " << n;
  CHECK(item);
  CHECK_EQ(item->size(), n) << "size mismatch";
  CHECK_LT(n, 100);
  DCHECK_GE(n, 1) << "n=" << n;
  auto* p = CHECK_NOTNULL(item->next());
  PCHECK(fd >= 0) << "open failed";
  LOG(INFO) << "starting " << n;
  LOG(FATAL) << "unreachable state " << n << std::endl;
  LOG_IF(FATAL, n > 1000) << "too many items: " << n;
}
