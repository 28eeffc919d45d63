// qhull's 3D hull ("qhull Qt": triangulated output, default premerging of coplanar facets off in
// triangles; we merge coplanar triangles ourselves with a stated tolerance, polyhedron.cpp).
// qhull reports errors through longjmp inside qh_new_qhull and returns a non-zero exit code; its
// message goes to a memory stream that becomes the exception's text.
#include <pegsim/geometry/convex_hull_3d.h>

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <stdexcept>
#include <string>

#ifdef PEGSIM_HAVE_QHULL
extern "C" {
#include <libqhull_r/qhull_ra.h>
}
#endif

namespace pegsim {

bool have_qhull() {
#ifdef PEGSIM_HAVE_QHULL
  return true;
#else
  return false;
#endif
}

namespace {

void check_hull_input(const std::vector<Vec3>& points) {
  if (points.size() < 4) {
    throw std::invalid_argument("convex hull: " + std::to_string(points.size()) + " points, need at least 4");
  }
  for (std::size_t i = 0; i < points.size(); ++i) {
    if (!points[i].allFinite()) throw std::invalid_argument("convex hull: point " + std::to_string(i) + " is not finite");
  }
}

}  // namespace

#ifdef PEGSIM_HAVE_QHULL

namespace {

// Owns a qhull context and its error stream; frees both on scope exit.
class QhullRun {
 public:
  QhullRun() {
    error_stream_ = open_memstream(&error_text_, &error_size_);
    qh_zero(&qh_, error_stream_);
  }
  ~QhullRun() {
    qh_freeqhull(&qh_, !qh_ALL);
    int curlong = 0, totlong = 0;
    qh_memfreeshort(&qh_, &curlong, &totlong);
    if (error_stream_) std::fclose(error_stream_);
    std::free(error_text_);
  }
  QhullRun(const QhullRun&) = delete;
  QhullRun& operator=(const QhullRun&) = delete;

  qhT* qh() { return &qh_; }
  FILE* error_stream() { return error_stream_; }
  // qhull's first message line, e.g. "QH6154 Qhull precision error: Initial simplex is flat (...)".
  std::string error_message() {
    if (error_stream_) std::fflush(error_stream_);
    const std::string text = error_text_ ? std::string(error_text_, error_size_) : std::string();
    return text.substr(0, text.find('\n'));
  }

 private:
  qhT qh_{};
  FILE* error_stream_ = nullptr;
  char* error_text_ = nullptr;
  std::size_t error_size_ = 0;
};

std::array<int, 3> outward_triangle(qhT* qh, facetT* facet) {
  std::array<int, 3> t{};
  int k = 0;
  vertexT* vertex = nullptr;
  vertexT** vertexp = nullptr;
  FOREACHvertex_(facet->vertices) {
    if (k < 3) t[static_cast<std::size_t>(k)] = qh_pointid(qh, vertex->point);
    ++k;
  }
  if (k != 3) throw std::runtime_error("convex hull: qhull returned a facet with " + std::to_string(k) + " vertices");
  return t;
}

}  // namespace

HullTriangles qhull_convex_hull(const std::vector<Vec3>& points) {
  check_hull_input(points);
  std::vector<coordT> coordinates;
  coordinates.reserve(points.size() * 3);
  for (const Vec3& p : points) coordinates.insert(coordinates.end(), {p.x(), p.y(), p.z()});

  QhullRun run;
  qhT* qh = run.qh();
  char options[] = "qhull Qt";
  // Messages go to our stream (a null errfile would make qhull print to stderr).
  const int exit_code = qh_new_qhull(qh, 3, static_cast<int>(points.size()), coordinates.data(), False, options,
                                     nullptr, run.error_stream());
  if (exit_code != 0) {
    throw std::invalid_argument("convex hull: flat or degenerate points: " + run.error_message());
  }
  HullTriangles hull;
  facetT* facet = nullptr;
  FORALLfacets {
    std::array<int, 3> t = outward_triangle(qh, facet);
    const Vec3 normal(facet->normal[0], facet->normal[1], facet->normal[2]);
    const Vec3 a = points[static_cast<std::size_t>(t[0])];
    const Vec3 b = points[static_cast<std::size_t>(t[1])];
    const Vec3 c = points[static_cast<std::size_t>(t[2])];
    if ((b - a).cross(c - a).dot(normal) < 0.0) std::swap(t[1], t[2]);  // qhull's vertex order is by id
    hull.triangles.push_back(t);
  }
  qh_getarea(qh, qh->facet_list);
  hull.volume = qh->totvol;
  return hull;
}

#else

HullTriangles qhull_convex_hull(const std::vector<Vec3>& points) {
  check_hull_input(points);
  throw std::runtime_error("convex hull: pegsim was built without qhull (libqhull-dev); give the faces explicitly");
}

#endif

}  // namespace pegsim
