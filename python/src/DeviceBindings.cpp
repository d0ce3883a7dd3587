#include "DeviceBindings.h"

#include "DeviceBuffer.h"
#include "SharedContext.h"
#include "Transform.h"

#include <pybind11/numpy.h>

namespace py = pybind11;

namespace fftscope::python {
namespace {

void checkHostArray(const py::array& array, const DeviceBuffer& buffer, bool writing) {
  if (!(array.flags() & py::array::c_style)) throw std::invalid_argument("the host array must be C-contiguous");
  if (writing && !array.writeable()) throw std::invalid_argument("the host array must be writeable");
  if (std::size_t(array.nbytes()) != buffer.bytes())
    throw std::invalid_argument("the host array holds " + std::to_string(array.nbytes()) + " bytes; the device array " +
                                std::to_string(buffer.bytes()));
}

}  // namespace

void bindDeviceMemory(py::module_& m, py::class_<Transform>& transform) {
  py::class_<DeviceBuffer>(m, "DeviceBuffer")
      .def(py::init<const std::string&, std::size_t>(), py::arg("device"), py::arg("bytes"),
           py::call_guard<py::gil_scoped_release>())
      .def_static("like", &DeviceBuffer::like, py::arg("other"), py::arg("bytes"))
      .def_static("wrap", &DeviceBuffer::wrap, py::arg("queue"), py::arg("buffer"), py::arg("bytes"))
      .def_property_readonly("bytes", &DeviceBuffer::bytes)
      .def_property_readonly("device_index", &DeviceBuffer::deviceIndex)
      .def_property_readonly("device_name", &DeviceBuffer::deviceName)
      .def_property_readonly("freed", &DeviceBuffer::freed)
      .def("upload",
           [](DeviceBuffer& buffer, const py::array& array) {
             checkHostArray(array, buffer, false);
             const void* data = array.data();
             py::gil_scoped_release release;
             buffer.upload(data);
           })
      .def("download",
           [](const DeviceBuffer& buffer, py::array& array) {
             checkHostArray(array, buffer, true);
             void* data = array.mutable_data();
             py::gil_scoped_release release;
             buffer.download(data);
           })
      .def("scale", &DeviceBuffer::scale, py::arg("factor"), py::arg("f64"), py::call_guard<py::gil_scoped_release>())
      .def("transpose_into", &DeviceBuffer::transposeInto, py::arg("out"), py::arg("batch"), py::arg("rows"),
           py::arg("cols"), py::arg("f64"), py::call_guard<py::gil_scoped_release>())
      .def("finish", &DeviceBuffer::finish, py::call_guard<py::gil_scoped_release>())
      .def("free", &DeviceBuffer::free);

  transform.def_property_readonly("device_index", &Transform::deviceIndex)
      .def("run_device", &Transform::runDevice, py::arg("input"), py::arg("output"),
           py::call_guard<py::gil_scoped_release>());

  m.def("record_transfers", &recordTransfers, py::arg("on"),
        "Record every host-device copy the module makes from now on (or stop).");
  m.def("take_transfers", [] {
    py::list result;
    for (const TransferRecord& t : takeTransfers()) {
      py::dict entry;
      entry["device"] = t.device;
      entry["upload"] = t.upload;
      entry["bytes"] = t.bytes;
      result.append(entry);
    }
    return result;
  }, "The copies recorded since the last call, as dicts (device, upload, bytes).");
}

}  // namespace fftscope::python
