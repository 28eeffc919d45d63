// Body trajectory CSV (trajectory_writer.h).
#include <pegsim/io/csv.h>
#include <pegsim/io/trajectory_writer.h>

#include <stdexcept>

namespace pegsim {

TrajectoryCsvWriter::TrajectoryCsvWriter(const std::string& path, TrajectoryOptions options)
    : file_(open_output_file(path)), name_(path), options_(options) {
  out_ = file_.get();
  if (options_.dimension != 2 && options_.dimension != 3)
    throw std::invalid_argument("TrajectoryCsvWriter: dimension must be 2 or 3");
  *out_ << header(options_.dimension) << "\n";
  check_stream(*out_, name_);
}

TrajectoryCsvWriter::TrajectoryCsvWriter(std::ostream& out, TrajectoryOptions options)
    : out_(&out), name_("trajectory stream"), options_(options) {
  if (options_.dimension != 2 && options_.dimension != 3)
    throw std::invalid_argument("TrajectoryCsvWriter: dimension must be 2 or 3");
  *out_ << header(options_.dimension) << "\n";
  check_stream(*out_, name_);
}

std::string TrajectoryCsvWriter::header(int dimension) {
  return dimension == 3 ? "step,time,body,name,x,y,z,qw,qx,qy,qz,vx,vy,vz,wx,wy,wz"
                        : "step,time,body,name,x,y,theta,vx,vy,omega";
}

namespace {

void check_activity(const std::vector<char>& active, std::size_t bodies) {
  if (!active.empty() && active.size() != bodies)
    throw std::invalid_argument("TrajectoryCsvWriter::write: " + std::to_string(active.size()) +
                                " activity flags for " + std::to_string(bodies) + " bodies");
}

}  // namespace

void TrajectoryCsvWriter::write(int step, double time, const std::vector<Body>& bodies,
                                const std::vector<char>& active) {
  check_activity(active, bodies.size());
  if (options_.dimension != 2) throw std::invalid_argument("TrajectoryCsvWriter::write: 2D bodies in a 3D trajectory");
  std::ostream& out = *out_;
  const std::string step_and_time = std::to_string(step) + ',' + format_double(time) + ',';
  for (std::size_t i = 0; i < bodies.size(); ++i) {
    const Body& b = bodies[i];
    if (!active.empty() && !active[i]) continue;
    if (b.is_static && !options_.include_static) continue;
    out << step_and_time << i << ',' << csv_field(b.name) << ',' << format_double(b.position.x()) << ','
        << format_double(b.position.y()) << ',' << format_double(b.angle) << ',' << format_double(b.velocity.x())
        << ',' << format_double(b.velocity.y()) << ',' << format_double(b.angular_velocity) << '\n';
  }
  check_stream(out, name_);
}

void TrajectoryCsvWriter::write(int step, double time, const std::vector<Body3d>& bodies,
                                const std::vector<char>& active) {
  check_activity(active, bodies.size());
  if (options_.dimension != 3) throw std::invalid_argument("TrajectoryCsvWriter::write: 3D bodies in a 2D trajectory");
  std::ostream& out = *out_;
  const std::string step_and_time = std::to_string(step) + ',' + format_double(time) + ',';
  auto put = [&out](const auto& v) {
    for (Eigen::Index k = 0; k < v.size(); ++k) out << ',' << format_double(v[k]);
  };
  for (std::size_t i = 0; i < bodies.size(); ++i) {
    const Body3d& b = bodies[i];
    if (!active.empty() && !active[i]) continue;
    if (b.is_static && !options_.include_static) continue;
    out << step_and_time << i << ',' << csv_field(b.name);
    put(b.position);
    put(Eigen::Vector4d(b.orientation.w(), b.orientation.x(), b.orientation.y(), b.orientation.z()));
    put(b.velocity);
    put(b.angular_velocity);
    out << '\n';
  }
  check_stream(out, name_);
}

void TrajectoryCsvWriter::close() {
  out_->flush();
  if (file_ && file_->is_open()) file_->close();
  check_stream(*out_, name_);
}

}  // namespace pegsim
