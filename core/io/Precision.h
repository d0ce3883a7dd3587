// Single or double precision: the one word the .npy files and the engine share.
#pragma once

namespace fftscope {

enum class Precision { F32, F64 };

}  // namespace fftscope
