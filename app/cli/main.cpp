// temporary smoke driver
#include "engine/Plan.h"
#include <complex>
#include <cstdio>
#include <random>
#include <cmath>
using namespace fftscope;
int main(int argc, char** argv) {
  auto dev = cl::chooseDevice();
  cl::DeviceContext ctx(dev);
  std::printf("%s\n", dev.name.c_str());
  for (Variant v : allVariants()) for (TwiddleMode tw : allTwiddleModes()) for (std::size_t n : {2, 4, 8, 16, 32, 64, 256, 1024, 4096, 65536, 131072}) {
    auto d = PlanDescription::oneD(n, 3); d.variant = v; d.twiddle = tw;
    Plan plan(ctx, d);
    std::vector<std::complex<float>> in(d.elements()), out(d.elements());
    std::mt19937 rng(1); std::uniform_real_distribution<float> u(-0.5f, 0.5f);
    for (auto& z : in) z = {u(rng), u(rng)};
    auto bi = ctx.buffer(d.bytes()), bo = ctx.buffer(d.bytes());
    ctx.write(bi.get(), in.data(), d.bytes());
    auto run = plan.enqueue(bi.get(), bo.get());
    run.wait();
    ctx.read(bo.get(), out.data(), d.bytes());
    // naive DFT check of a few bins of row 1
    double err = 0, ref = 0;
    for (std::size_t k : {std::size_t(0), std::size_t(1), n / 2, n - 1}) {
      std::complex<long double> s = 0;
      for (std::size_t j = 0; j < n; ++j) { long double a = -2 * M_PIl * (long double)((j * k) % n) / n; s += std::complex<long double>(in[n + j].real(), in[n + j].imag()) * std::complex<long double>(std::cos(a), std::sin(a)); }
      err += std::norm(std::complex<long double>(out[n + k].real(), out[n + k].imag()) - s); ref += std::norm(s);
    }
    if (argc > 1 || std::sqrt(err / ref) > 1e-5) std::printf("%s %s n=%zu passes=%zu err=%.3g\n", std::string(toString(v)).c_str(), std::string(toString(tw)).c_str(), n, plan.passes().size(), std::sqrt(err / ref));
  }
  std::printf("programs built %zu\n", ctx.programsBuilt());
}
