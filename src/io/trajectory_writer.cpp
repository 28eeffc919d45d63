// Body trajectory CSV (trajectory_writer.h).
#include <pegsim/io/csv.h>
#include <pegsim/io/trajectory_writer.h>

#include <stdexcept>

namespace pegsim {

TrajectoryCsvWriter::TrajectoryCsvWriter(const std::string& path, TrajectoryOptions options)
    : file_(open_output_file(path)), name_(path), options_(options) {
  out_ = file_.get();
  *out_ << header() << "\n";
  check_stream(*out_, name_);
}

TrajectoryCsvWriter::TrajectoryCsvWriter(std::ostream& out, TrajectoryOptions options)
    : out_(&out), name_("trajectory stream"), options_(options) {
  *out_ << header() << "\n";
  check_stream(*out_, name_);
}

std::string TrajectoryCsvWriter::header() { return "step,time,body,name,x,y,theta,vx,vy,omega"; }

void TrajectoryCsvWriter::write(int step, double time, const std::vector<Body>& bodies,
                                const std::vector<char>& active) {
  if (!active.empty() && active.size() != bodies.size())
    throw std::invalid_argument("TrajectoryCsvWriter::write: " + std::to_string(active.size()) +
                                " activity flags for " + std::to_string(bodies.size()) + " bodies");
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

void TrajectoryCsvWriter::close() {
  out_->flush();
  if (file_ && file_->is_open()) file_->close();
  check_stream(*out_, name_);
}

}  // namespace pegsim
