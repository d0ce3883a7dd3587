// fftscope._engine: Transform (Transform.h) over NumPy arrays. The caller (fftscope/_plan.py)
// hands C-contiguous arrays of the exact dtype, so they are read in place; the GIL is released
// while a transform runs and taken back between chunks of a batch to check for signals (Ctrl+C).
#include "DeviceBindings.h"
#include "PoolBindings.h"
#include "Transform.h"

#include "engine/planning/Wisdom.h"

#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

namespace py = pybind11;
using fftscope::python::Kind;
using fftscope::python::Transform;
using fftscope::python::TransformSpec;

namespace {

void runArrays(Transform& transform, const py::array& in, py::array& out) {
  const bool inOk = in.flags() & py::array::c_style;
  const bool outOk = (out.flags() & py::array::c_style) && out.writeable();
  if (!inOk || !outOk) throw std::invalid_argument("arrays must be C-contiguous (and the output writeable)");
  if (std::size_t(in.nbytes()) != transform.inputBytes() || std::size_t(out.nbytes()) != transform.outputBytes())
    throw std::invalid_argument("array sizes do not match the plan: " + std::to_string(in.nbytes()) + " and " +
                                std::to_string(out.nbytes()) + " bytes for " +
                                std::to_string(transform.inputBytes()) + " and " +
                                std::to_string(transform.outputBytes()));
  const void* source = in.data();
  void* destination = out.mutable_data();
  py::gil_scoped_release release;
  transform.run(source, destination, [] {
    py::gil_scoped_acquire acquire;
    if (PyErr_CheckSignals() != 0) throw py::error_already_set();
  });
}

// A C-contiguous array of `shape` and `dtype` for the transform's result: pinned memory where
// Transform::resultMemory gives some (the array keeps the block until it goes), else NumPy's.
py::array resultArray(Transform& transform, const std::vector<py::ssize_t>& shape, const py::dtype& dtype) {
  std::size_t bytes = dtype.itemsize();
  for (py::ssize_t d : shape) bytes *= std::size_t(d);
  std::shared_ptr<void> block;
  if (bytes == transform.outputBytes()) {
    py::gil_scoped_release release;
    block = transform.resultMemory();
  }
  if (!block) return py::array(dtype, shape);
  void* data = block.get();
  py::capsule owner(new std::shared_ptr<void>(std::move(block)),
                    [](void* held) { delete static_cast<std::shared_ptr<void>*>(held); });
  return py::array(dtype, shape, {}, data, owner);
}

}  // namespace

PYBIND11_MODULE(_engine, m) {
  m.doc() = "The FFTScope engine: planned transforms of contiguous arrays";
  py::register_exception_translator([](std::exception_ptr p) {
    try {
      if (p) std::rethrow_exception(p);
    } catch (const fftscope::python::DoesNotFit& e) {
      PyErr_SetString(PyExc_MemoryError, e.what());
    }
  });

  py::enum_<Kind>(m, "Kind")
      .value("COMPLEX", Kind::Complex)
      .value("REAL_FORWARD", Kind::RealForward)
      .value("REAL_INVERSE", Kind::RealInverse);

  py::class_<Transform> transform(m, "Transform");
  transform
      .def(py::init([](Kind kind, bool f64, bool twoD, bool inverse, std::size_t rows, std::size_t cols,
                       std::size_t batch, const std::string& device, bool measure, const std::string& wisdom) {
             return std::make_unique<Transform>(
                 TransformSpec{kind, f64, twoD, inverse, rows, cols, batch, device, measure, wisdom});
           }),
           py::arg("kind"), py::arg("f64"), py::arg("two_d"), py::arg("inverse"), py::arg("rows"), py::arg("cols"),
           py::arg("batch"), py::arg("device") = "", py::arg("measure") = false, py::arg("wisdom") = "",
           py::call_guard<py::gil_scoped_release>())
      .def_property_readonly("plan_source", &Transform::planSource)
      .def_property_readonly("wisdom_warning", &Transform::wisdomWarning)
      .def_property_readonly("device", &Transform::deviceName)
      .def_property_readonly("input_bytes", &Transform::inputBytes)
      .def_property_readonly("output_bytes", &Transform::outputBytes)
      .def_property_readonly("chunk_transforms", &Transform::chunkTransforms)
      .def("run", &runArrays, py::arg("input"), py::arg("output"))
      .def("result_array", &resultArray, py::arg("shape"), py::arg("dtype"),
           "An empty array for the result, in pinned memory once the plan has run from the host before.");
  fftscope::python::bindDeviceMemory(m, transform);
  fftscope::python::bindMemoryPool(m);

  m.def("set_chunk_bytes", &fftscope::python::setChunkBytes, py::arg("bytes"),
        "The input bytes of a chunk of a batch (Ctrl+C is checked between chunks), for plans made after.");
  m.def("chunk_bytes", &fftscope::python::chunkBytes);
  m.def("default_wisdom_path", [] { return fftscope::Wisdom::defaultPath().string(); },
        "fftscope-cli's wisdom file: $XDG_CACHE_HOME/fftscope/wisdom.json or ~/.cache/fftscope/wisdom.json");

  m.def("devices", [] {
    py::list result;
    for (const auto& d : fftscope::python::listDevices()) {
      py::dict entry;
      entry["index"] = d.index;
      entry["name"] = d.name;
      entry["platform"] = d.platform;
      entry["type"] = d.type;
      entry["global_mem_bytes"] = d.globalMemBytes;
      entry["fp64"] = d.fp64;
      result.append(entry);
    }
    return result;
  });
}
