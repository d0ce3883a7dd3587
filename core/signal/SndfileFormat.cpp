#include "signal/SndfileFormat.h"

#include <sndfile.h>

#include <stdexcept>
#include <string>

namespace fftscope::signal {

std::optional<SignalFormat> fromSndfileFormat(int format) {
  SignalFormat result;
  switch (format & SF_FORMAT_TYPEMASK) {
    case SF_FORMAT_WAV: result.container = Container::Wav; break;
    case SF_FORMAT_WAVEX: result.container = Container::WavExtensible; break;
    case SF_FORMAT_RF64: result.container = Container::Rf64; break;
    case SF_FORMAT_FLAC: result.container = Container::Flac; break;
    case SF_FORMAT_AIFF: result.container = Container::Aiff; break;
    case SF_FORMAT_OGG: result.container = Container::Ogg; break;
    case SF_FORMAT_RAW: result.container = Container::Raw; break;
    default: return std::nullopt;
  }
  switch (format & SF_FORMAT_SUBMASK) {
    case SF_FORMAT_PCM_U8: result.encoding = Encoding::PcmU8; break;
    case SF_FORMAT_PCM_S8: result.encoding = Encoding::PcmS8; break;
    case SF_FORMAT_PCM_16: result.encoding = Encoding::Pcm16; break;
    case SF_FORMAT_PCM_24: result.encoding = Encoding::Pcm24; break;
    case SF_FORMAT_PCM_32: result.encoding = Encoding::Pcm32; break;
    case SF_FORMAT_FLOAT: result.encoding = Encoding::Float32; break;
    case SF_FORMAT_DOUBLE: result.encoding = Encoding::Float64; break;
    case SF_FORMAT_VORBIS: result.encoding = Encoding::Vorbis; break;
    default: return std::nullopt;
  }
  result.bigEndian = (format & SF_FORMAT_ENDMASK) == SF_ENDIAN_BIG;
  return result;
}

int toSndfileFormat(const SignalFormat& format) {
  int container = 0;
  switch (format.container) {
    case Container::Wav: container = SF_FORMAT_WAV; break;
    case Container::WavExtensible: container = SF_FORMAT_WAVEX; break;
    case Container::Rf64: container = SF_FORMAT_RF64; break;
    case Container::Flac: container = SF_FORMAT_FLAC; break;
    case Container::Aiff: container = SF_FORMAT_AIFF; break;
    case Container::Ogg: container = SF_FORMAT_OGG; break;
    case Container::Raw: container = SF_FORMAT_RAW; break;
    default:
      throw std::invalid_argument(std::string("a ") + std::string(toString(format.container)) +
                                  " signal has no audio container to write back; choose WAV, FLAC, AIFF or Ogg");
  }
  int encoding = 0;
  switch (format.encoding) {
    case Encoding::PcmU8: encoding = SF_FORMAT_PCM_U8; break;
    case Encoding::PcmS8: encoding = SF_FORMAT_PCM_S8; break;
    case Encoding::Pcm16: encoding = SF_FORMAT_PCM_16; break;
    case Encoding::Pcm24: encoding = SF_FORMAT_PCM_24; break;
    case Encoding::Pcm32: encoding = SF_FORMAT_PCM_32; break;
    case Encoding::Float32: encoding = SF_FORMAT_FLOAT; break;
    case Encoding::Float64: encoding = SF_FORMAT_DOUBLE; break;
    case Encoding::Vorbis: encoding = SF_FORMAT_VORBIS; break;
  }
  int code = container | encoding;
  if (format.container == Container::Raw) code |= format.bigEndian ? SF_ENDIAN_BIG : SF_ENDIAN_LITTLE;
  SF_INFO probe{};
  probe.samplerate = 48000;
  probe.channels = 1;
  probe.format = code;
  if (!sf_format_check(&probe))
    throw std::invalid_argument(std::string(toString(format.container)) + " cannot hold " +
                                std::string(toString(format.encoding)) + " samples");
  return code;
}

}  // namespace fftscope::signal
