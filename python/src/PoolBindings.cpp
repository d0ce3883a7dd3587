#include "PoolBindings.h"

#include "SharedContext.h"

#include <pybind11/stl.h>

namespace py = pybind11;

namespace fftscope::python {
namespace {

// One context's pool, held with its context.
struct PoolHandle {
  std::shared_ptr<SharedContext> shared;
  PoolStats stats() const { return shared->pool.stats(); }
};

// Pinned blocks are unmapped through the context's queue: with its mutex held, and without the
// GIL, since freeing waits for the work queued there.
void freeIdle(SharedContext& shared) {
  shared.pool.freeAll();
  std::lock_guard lock(shared.mutex);
  shared.results.freeKept();
}

}  // namespace

void bindMemoryPool(py::module_& m) {
  py::class_<PoolHandle>(m, "MemoryPool")
      .def_property_readonly("device_index", [](const PoolHandle& p) { return p.shared->context.device().index; })
      .def_property_readonly("device_name", [](const PoolHandle& p) { return p.shared->context.device().name; })
      .def("used_bytes", [](const PoolHandle& p) { return p.stats().usedBytes; })
      .def("free_bytes", [](const PoolHandle& p) { return p.stats().freeBytes; })
      .def("total_bytes", [](const PoolHandle& p) { return p.stats().usedBytes + p.stats().freeBytes; })
      .def("n_free_blocks", [](const PoolHandle& p) { return p.stats().freeBlocks; })
      .def("allocations", [](const PoolHandle& p) { return p.stats().allocations; })
      .def("reuses", [](const PoolHandle& p) { return p.stats().reuses; })
      .def("get_limit", [](const PoolHandle& p) { return p.stats().limit; })
      .def("set_limit", [](PoolHandle& p, std::size_t bytes) { p.shared->pool.setLimit(bytes); }, py::arg("size"))
      .def("free_all_blocks", [](PoolHandle& p) { freeIdle(*p.shared); }, py::call_guard<py::gil_scoped_release>());
  m.def("memory_pool", [](const std::string& device) { return PoolHandle{contextForDevice(device)}; },
        py::arg("device"), py::call_guard<py::gil_scoped_release>(),
        "The memory pool of a device's context (a selector as DeviceBuffer's), made on first use.");
  m.def("free_all_blocks", [] {
    for (const std::shared_ptr<SharedContext>& shared : sharedContexts()) freeIdle(*shared);
  }, py::call_guard<py::gil_scoped_release>(), "Lets every pool's idle buffers go, and the pinned blocks kept for host results.");
  m.def("pinned_results", [](const std::string& device) {
    const PinnedResultStats s = contextForDevice(device)->results.stats();
    return py::dict(py::arg("lent_bytes") = s.lentBytes, py::arg("kept_bytes") = s.keptBytes,
                    py::arg("allocations") = s.allocations, py::arg("reuses") = s.reuses);
  }, py::arg("device"), "The pinned result blocks of a device's context: lent out in arrays, kept idle, made, reused.");
  m.def("set_staging", [](const std::string& mode) {
    if (mode == "auto") return setStagingMode(StagingMode::Auto);
    if (mode == "always") return setStagingMode(StagingMode::Always);
    if (mode == "never") return setStagingMode(StagingMode::Never);
    throw std::invalid_argument("staging is \"auto\", \"always\" or \"never\", not \"" + mode + "\"");
  }, py::arg("mode"), "How host copies go: through pinned memory from 1 MiB on GPUs (auto), always, or never.");
  m.def("staging", [] {
    switch (stagingMode()) {
      case StagingMode::Always: return "always";
      case StagingMode::Never: return "never";
      default: return "auto";
    }
  });
}

}  // namespace fftscope::python
