// Writes the sample image and its clean version:
//   fftscope-sample-image <folder>  ->  <folder>/periodic-noise.png, periodic-noise-clean.png
#include "imaging/ImageWriter.h"
#include "imaging/SampleImage.h"

#include <exception>
#include <filesystem>
#include <iostream>

int main(int argc, char** argv) {
  if (argc != 2) {
    std::cerr << "usage: fftscope-sample-image <folder>\n";
    return 2;
  }
  try {
    const std::filesystem::path folder = argv[1];
    const auto sample = fftscope::imaging::makeSampleImage();
    fftscope::imaging::writeImage(sample.noisy, folder / "periodic-noise.png");
    fftscope::imaging::writeImage(sample.clean, folder / "periodic-noise-clean.png");
  } catch (const std::exception& e) {
    std::cerr << "fftscope-sample-image: " << e.what() << "\n";
    return 1;
  }
  return 0;
}
