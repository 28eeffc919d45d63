// Body trajectories as CSV: one header line, then one row per step per active body.
//
// Columns:
//   step   step index (0 = the initial state, if the caller writes it)
//   time   simulation time (s)
//   body   index of the body in the scene's body list
//   name   the body's name (CSV-quoted when it holds a comma or quote)
//   x, y   position of the body origin = centre of mass (m)
//   theta  orientation (rad, not wrapped)
//   vx, vy linear velocity (m/s)
//   omega  angular velocity (rad/s)
// A 3D scene (TrajectoryOptions::dimension = 3) has the columns
//   step,time,body,name,x,y,z,qw,qx,qy,qz,vx,vy,vz,wx,wy,wz
// with the orientation as a unit quaternion (body to world) and the angular velocity in the world
// frame.
// A body appears from the first step at which it is active (spawn_time <= time). Static bodies are
// left out unless TrajectoryOptions::include_static is set: they never move, and their pose is in the
// scene file. Real numbers are written with "%.17g" (exact round trip).
#pragma once

#include <pegsim/dynamics/body.h>
#include <pegsim/dynamics/body3d.h>

#include <fstream>
#include <memory>
#include <ostream>
#include <string>
#include <vector>

namespace pegsim {

struct TrajectoryOptions {
  bool include_static = false;
  int dimension = 2;  // 2 or 3: which columns (the header is written on construction)
};

class TrajectoryCsvWriter {
 public:
  // Throws std::runtime_error naming the path when the file cannot be opened.
  explicit TrajectoryCsvWriter(const std::string& path, TrajectoryOptions options = {});
  explicit TrajectoryCsvWriter(std::ostream& out, TrajectoryOptions options = {});

  static std::string header(int dimension = 2);

  // Rows for every body with active[i] != 0 (all bodies when `active` is empty).
  // Throws std::invalid_argument when `active` is non-empty and its size differs from bodies',
  // std::runtime_error when the stream has failed.
  void write(int step, double time, const std::vector<Body>& bodies, const std::vector<char>& active);
  void write(int step, double time, const std::vector<Body3d>& bodies, const std::vector<char>& active);
  void close();

 private:
  std::unique_ptr<std::ofstream> file_;
  std::ostream* out_ = nullptr;
  std::string name_;
  TrajectoryOptions options_;
};

}  // namespace pegsim
