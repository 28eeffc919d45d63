// Trajectory CSV: one row per active body per step, static bodies optional, exact numbers.
#include "io/io_test_util.h"

#include <pegsim/io/trajectory_writer.h>

#include <gtest/gtest.h>

#include <cstdlib>
#include <sstream>
#include <stdexcept>

namespace pegsim {
namespace {

std::vector<Body> bodies() {
  Body floor;
  floor.name = "floor";
  floor.is_static = true;
  Body a;
  a.name = "box, \"a\"";
  a.position = Vec2(1.0 / 3.0, -2.0);
  a.angle = 7.5;
  a.velocity = Vec2(0.1, -1e-17);
  a.angular_velocity = -3.25;
  Body b;
  b.name = "dot";
  b.position = Vec2(5, 6);
  return {floor, a, b};
}

double number(const std::string& text) { return std::strtod(text.c_str(), nullptr); }

TEST(TrajectoryCsvWriter, OneRowPerActiveDynamicBodyPerStep) {
  test::IoScratchDir dir;
  const std::string path = dir.file("trajectory.csv");
  const std::vector<Body> world = bodies();
  {
    TrajectoryCsvWriter writer(path);
    writer.write(0, 0.0, world, {1, 1, 0});  // "dot" not spawned yet
    writer.write(1, 0.01, world, {1, 1, 1});
    writer.close();
  }
  const auto rows = test::parse_csv(test::slurp(path));
  ASSERT_EQ(rows.size(), 4u);
  EXPECT_EQ(rows[0], (std::vector<std::string>{"step", "time", "body", "name", "x", "y", "theta", "vx", "vy", "omega"}));
  // Step 0: only the box. Step 1: box and dot. The static floor never.
  EXPECT_EQ(rows[1][0], "0");
  EXPECT_EQ(rows[1][2], "1");
  EXPECT_EQ(rows[1][3], world[1].name);
  EXPECT_EQ(number(rows[1][4]), world[1].position.x());
  EXPECT_EQ(number(rows[1][5]), world[1].position.y());
  EXPECT_EQ(number(rows[1][6]), world[1].angle);
  EXPECT_EQ(number(rows[1][7]), world[1].velocity.x());
  EXPECT_EQ(number(rows[1][8]), world[1].velocity.y());
  EXPECT_EQ(number(rows[1][9]), world[1].angular_velocity);
  EXPECT_EQ(rows[2][0], "1");
  EXPECT_EQ(number(rows[2][1]), 0.01);
  EXPECT_EQ(rows[3][2], "2");
  EXPECT_EQ(rows[3][3], "dot");
}

TEST(TrajectoryCsvWriter, StaticBodiesOnRequestAndEmptyActiveMeansAll) {
  std::ostringstream out;
  TrajectoryCsvWriter writer(out, TrajectoryOptions{.include_static = true});
  writer.write(3, 0.03, bodies(), {});
  const auto rows = test::parse_csv(out.str());
  ASSERT_EQ(rows.size(), 4u);
  EXPECT_EQ(rows[1][3], "floor");
}

TEST(TrajectoryCsvWriter, MismatchedActiveFlagsThrow) {
  std::ostringstream out;
  TrajectoryCsvWriter writer(out);
  EXPECT_THROW(writer.write(0, 0.0, bodies(), {1, 1}), std::invalid_argument);
}

}  // namespace
}  // namespace pegsim
