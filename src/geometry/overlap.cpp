// Intersection of two convex polygons by Sutherland–Hodgman clipping: polygon a is clipped by the
// supporting line of every edge of b. Used for the overlap-area metric of the pouring experiments.
//
// Robustness for touching and degenerate inputs: a vertex on a clip line (side value exactly 0) is
// kept as is and no intersection point is computed for it, so shared edges, identical polygons and
// containment reproduce input vertices exactly; touching polygons clip down to a segment or a point,
// which is reported as empty (area 0).
#include <pegsim/geometry/overlap.h>

#include <algorithm>
#include <cmath>

namespace pegsim {

namespace {

struct Box {
  Vec2 lo, hi;
};

Box bounds(const Polygon& p) {
  Box b{p.front(), p.front()};
  for (const Vec2& v : p) {
    b.lo = b.lo.cwiseMin(v);
    b.hi = b.hi.cwiseMax(v);
  }
  return b;
}

Polygon counter_clockwise(const Polygon& p) {
  if (signed_area(p) >= 0.0) return p;
  return Polygon(p.rbegin(), p.rend());
}

// Keep the part of `subject` on the left of the directed line a -> b (the inside of a CCW edge).
Polygon clip_by_line(const Polygon& subject, const Vec2& a, const Vec2& b) {
  Polygon out;
  out.reserve(subject.size() + 1);
  const Vec2 d = b - a;
  const std::size_t n = subject.size();
  for (std::size_t i = 0; i < n; ++i) {
    const Vec2& p = subject[i];
    const Vec2& q = subject[(i + 1) % n];
    const double sp = cross2(d, p - a);
    const double sq = cross2(d, q - a);
    if (sp >= 0.0) out.push_back(p);
    if ((sp > 0.0 && sq < 0.0) || (sp < 0.0 && sq > 0.0)) {
      const double t = sp / (sp - sq);  // in (0, 1): the signs differ strictly
      out.push_back(p + t * (q - p));
    }
  }
  return out;
}

// Drop consecutive (and wrap-around) duplicate points left by clipping through a vertex.
Polygon without_duplicates(const Polygon& p, double tolerance) {
  Polygon out;
  out.reserve(p.size());
  for (const Vec2& v : p) {
    if (out.empty() || (v - out.back()).lpNorm<Eigen::Infinity>() > tolerance) out.push_back(v);
  }
  while (out.size() > 1 && (out.front() - out.back()).lpNorm<Eigen::Infinity>() <= tolerance) out.pop_back();
  return out;
}

}  // namespace

Polygon convex_intersection(const Polygon& a_in, const Polygon& b_in) {
  if (a_in.size() < 3 || b_in.size() < 3) return {};
  const Box ba = bounds(a_in);
  const Box bb = bounds(b_in);
  if ((ba.hi.array() <= bb.lo.array()).any() || (bb.hi.array() <= ba.lo.array()).any()) return {};

  const Polygon a = counter_clockwise(a_in);
  const Polygon b = counter_clockwise(b_in);
  Polygon result = a;
  for (std::size_t i = 0; i < b.size() && result.size() >= 3; ++i) {
    result = clip_by_line(result, b[i], b[(i + 1) % b.size()]);
  }
  const double scale = std::max((ba.hi - ba.lo).maxCoeff(), (bb.hi - bb.lo).maxCoeff());
  result = without_duplicates(result, 1e-15 * scale);
  if (result.size() < 3 || signed_area(result) <= 0.0) return {};
  return result;
}

double convex_intersection_area(const Polygon& a, const Polygon& b) {
  const Polygon clipped = convex_intersection(a, b);
  return clipped.empty() ? 0.0 : std::max(0.0, signed_area(clipped));
}

}  // namespace pegsim
