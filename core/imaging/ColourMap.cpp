// Viridis, magma and inferno are matplotlib's perceptually uniform maps (van der Walt and Smith,
// CC0). Their published 256-entry tables are sampled here at 33 anchors, entries round(i * 255 / 32)
// for i = 0..32, and interpolated linearly in between: within 2/255 of the published tables.
#include "imaging/ColourMap.h"

#include <algorithm>
#include <cmath>

namespace fftscope::imaging {
namespace {

using Anchor = std::array<float, 3>;
using Anchors = std::array<Anchor, 33>;

constexpr Anchors kViridis{{
    {0.267004f, 0.004874f, 0.329415f}, {0.277018f, 0.050344f, 0.375715f}, {0.282327f, 0.094955f, 0.417331f},
    {0.282884f, 0.135920f, 0.453427f}, {0.278826f, 0.175490f, 0.483397f}, {0.270595f, 0.214069f, 0.507052f},
    {0.258965f, 0.251537f, 0.524736f}, {0.244972f, 0.287675f, 0.537260f}, {0.229739f, 0.322361f, 0.545706f},
    {0.214298f, 0.355619f, 0.551184f}, {0.199430f, 0.387607f, 0.554642f}, {0.185556f, 0.418570f, 0.556753f},
    {0.172719f, 0.448791f, 0.557885f}, {0.160665f, 0.478540f, 0.558115f}, {0.149039f, 0.508051f, 0.557250f},
    {0.137770f, 0.537492f, 0.554906f}, {0.127568f, 0.566949f, 0.550556f}, {0.121148f, 0.592739f, 0.544641f},
    {0.120081f, 0.622161f, 0.534946f}, {0.130067f, 0.651384f, 0.521608f}, {0.153894f, 0.680203f, 0.504172f},
    {0.191090f, 0.708366f, 0.482284f}, {0.239374f, 0.735588f, 0.455688f}, {0.296479f, 0.761561f, 0.424223f},
    {0.360741f, 0.785964f, 0.387814f}, {0.430983f, 0.808473f, 0.346476f}, {0.506271f, 0.828786f, 0.300362f},
    {0.585678f, 0.846661f, 0.249897f}, {0.668054f, 0.861999f, 0.196293f}, {0.751884f, 0.874951f, 0.143228f},
    {0.835270f, 0.886029f, 0.102646f}, {0.916242f, 0.896091f, 0.100717f}, {0.993248f, 0.906157f, 0.143936f},
}};

constexpr Anchors kMagma{{
    {0.001462f, 0.000466f, 0.013866f}, {0.013708f, 0.011771f, 0.068667f}, {0.039608f, 0.031090f, 0.133515f},
    {0.074257f, 0.052017f, 0.202660f}, {0.113094f, 0.065492f, 0.276784f}, {0.159018f, 0.068354f, 0.352688f},
    {0.211718f, 0.061992f, 0.418647f}, {0.265447f, 0.060237f, 0.461840f}, {0.316654f, 0.071690f, 0.485380f},
    {0.366012f, 0.090314f, 0.497960f}, {0.414709f, 0.110431f, 0.504662f}, {0.463508f, 0.129893f, 0.507652f},
    {0.512831f, 0.148179f, 0.507648f}, {0.562866f, 0.165368f, 0.504692f}, {0.613617f, 0.181811f, 0.498536f},
    {0.664915f, 0.198075f, 0.488836f}, {0.716387f, 0.214982f, 0.475290f}, {0.761077f, 0.231214f, 0.460162f},
    {0.810855f, 0.252861f, 0.439305f}, {0.857763f, 0.279857f, 0.415496f}, {0.899552f, 0.314616f, 0.391037f},
    {0.933606f, 0.358764f, 0.370541f}, {0.958464f, 0.411324f, 0.360014f}, {0.975082f, 0.468861f, 0.363111f},
    {0.985693f, 0.528148f, 0.379371f}, {0.992196f, 0.587502f, 0.406299f}, {0.995810f, 0.646344f, 0.441361f},
    {0.997254f, 0.704611f, 0.482635f}, {0.997019f, 0.762398f, 0.528821f}, {0.995424f, 0.819875f, 0.579140f},
    {0.992831f, 0.877168f, 0.633109f}, {0.989815f, 0.934329f, 0.690198f}, {0.987053f, 0.991438f, 0.749504f},
}};

constexpr Anchors kInferno{{
    {0.001462f, 0.000466f, 0.013866f}, {0.013995f, 0.011225f, 0.071862f}, {0.042253f, 0.028139f, 0.141141f},
    {0.081962f, 0.043328f, 0.215289f}, {0.129285f, 0.047293f, 0.290788f}, {0.183429f, 0.040329f, 0.354971f},
    {0.238273f, 0.036621f, 0.396353f}, {0.290763f, 0.045644f, 0.418637f}, {0.341500f, 0.062325f, 0.429425f},
    {0.391453f, 0.080927f, 0.433109f}, {0.441207f, 0.099338f, 0.431594f}, {0.491022f, 0.117179f, 0.425552f},
    {0.540920f, 0.134729f, 0.415123f}, {0.590734f, 0.152563f, 0.400290f}, {0.640135f, 0.171438f, 0.381065f},
    {0.688653f, 0.192239f, 0.357603f}, {0.735683f, 0.215906f, 0.330245f}, {0.775059f, 0.239667f, 0.303526f},
    {0.817341f, 0.270954f, 0.270390f}, {0.855992f, 0.307038f, 0.235133f}, {0.890341f, 0.347957f, 0.198286f},
    {0.919879f, 0.393389f, 0.160070f}, {0.944285f, 0.442772f, 0.120354f}, {0.963387f, 0.495462f, 0.079073f},
    {0.977092f, 0.550850f, 0.039050f}, {0.985315f, 0.608422f, 0.024202f}, {0.987945f, 0.667748f, 0.058329f},
    {0.984865f, 0.728427f, 0.120785f}, {0.976108f, 0.789974f, 0.196018f}, {0.962517f, 0.851476f, 0.285546f},
    {0.948683f, 0.910473f, 0.395289f}, {0.951740f, 0.960587f, 0.524203f}, {0.988362f, 0.998364f, 0.644924f},
}};

ColourTable interpolate(const Anchors& anchors) {
  ColourTable table{};
  const int last = int(anchors.size()) - 1;
  for (int i = 0; i < 256; ++i) {
    const double t = double(i) / 255.0 * last;
    const int a = std::min(int(t), last - 1);
    const double f = t - a;
    for (int c = 0; c < 3; ++c) {
      const double v = anchors[a][c] + (anchors[a + 1][c] - anchors[a][c]) * f;
      table[i][c] = std::uint8_t(std::lround(v * 255.0));
    }
  }
  return table;
}

ColourTable grey() {
  ColourTable table{};
  for (int i = 0; i < 256; ++i) table[i] = {std::uint8_t(i), std::uint8_t(i), std::uint8_t(i)};
  return table;
}

}  // namespace

const ColourTable& colourTable(ColourMap map) {
  static const ColourTable greyTable = grey();
  static const ColourTable viridis = interpolate(kViridis);
  static const ColourTable magma = interpolate(kMagma);
  static const ColourTable inferno = interpolate(kInferno);
  switch (map) {
    case ColourMap::Viridis: return viridis;
    case ColourMap::Magma: return magma;
    case ColourMap::Inferno: return inferno;
    case ColourMap::Grey: break;
  }
  return greyTable;
}

}  // namespace fftscope::imaging
