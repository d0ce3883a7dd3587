#include "engine/description/PlanDescription.h"

#include <stdexcept>

namespace fftscope {

bool isPowerOfTwo(std::size_t n) { return n != 0 && (n & (n - 1)) == 0; }


PlanDescription PlanDescription::oneD(std::size_t n, std::size_t batch) {
  PlanDescription d;
  d.cols = n;
  d.batch = batch;
  return d;
}

PlanDescription PlanDescription::twoD(std::size_t rows, std::size_t cols, std::size_t batch) {
  PlanDescription d;
  d.dimensions = 2;
  d.rows = rows;
  d.cols = cols;
  d.batch = batch;
  return d;
}

std::string PlanDescription::summary() const {
  std::string shape = dimensions == 1 ? "1D " + std::to_string(cols)
                                      : "2D " + std::to_string(rows) + "x" + std::to_string(cols);
  std::string text = shape + " x" + std::to_string(batch) + " " + std::string(toString(precision)) + " " +
                     std::string(toString(direction)) + " " + std::string(toString(variant)) + "/" +
                     std::string(toString(twiddle));
  if (dimensions == 2) text += "/" + std::string(toString(transpose));
  return text;
}

namespace {

void checkDescription(const PlanDescription& d) {
  auto refuse = [](const std::string& why) { throw std::invalid_argument(why); };
  if (d.dimensions != 1 && d.dimensions != 2)
    refuse("dimensions must be 1 or 2, not " + std::to_string(d.dimensions));
  if (d.cols == 0 || d.rows == 0) refuse("a transform size of 0 points");
  if (d.batch == 0) refuse("a batch of 0 transforms");
  if (d.dimensions == 1 && d.rows != 1) refuse("a 1D plan has rows = 1 (use batch for many rows)");
  auto checkSize = [&](std::size_t n, const char* what) {
    if (n > (std::size_t{1} << 28)) refuse(std::string(what) + " " + std::to_string(n) + " exceeds 2^28 points");
  };
  checkSize(d.cols, d.dimensions == 1 ? "length" : "width");
  if (d.dimensions == 2) checkSize(d.rows, "height");
  if (d.elements() / d.batch != d.points() || d.elements() > (std::size_t{1} << 32))
    refuse("batch x points = " + std::to_string(d.batch) + " x " + std::to_string(d.points()) +
           " exceeds 2^32 elements");
}

}  // namespace

void validate(const PlanDescription& d) { checkDescription(d); }
void validateShape(const PlanDescription& d) { checkDescription(d); }


}  // namespace fftscope
