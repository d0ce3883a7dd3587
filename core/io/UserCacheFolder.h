// The folder FFTScope keeps what it can make again in (measured plans, compiled programs): the
// user's cache folder, as each platform names it, with "fftscope" under it.
#pragma once

#include <filesystem>

namespace fftscope::io {

// $XDG_CACHE_HOME/fftscope where that is an absolute path (XDG calls a relative one invalid),
// else ~/Library/Caches/fftscope on macOS, %LOCALAPPDATA%/fftscope on Windows and
// ~/.cache/fftscope elsewhere; empty when the variables it needs are unset.
std::filesystem::path userCacheFolder();

}  // namespace fftscope::io
