// Quaternion kinematics: conversions round-trip, S(q) is the derivative of the orientation update,
// body validity checks.
#include <pegsim/dynamics/body3d.h>
#include <pegsim/dynamics/quaternion.h>

#include <gtest/gtest.h>

#include <cmath>
#include <random>

namespace pegsim {
namespace {

TEST(Quaternion, WxyzRoundTripsAndRotates) {
  const Vec4 q(std::cos(0.1), std::sin(0.1) / std::sqrt(14.0), 2 * std::sin(0.1) / std::sqrt(14.0), 3 * std::sin(0.1) / std::sqrt(14.0));
  const Eigen::Quaterniond e = quaternion_from_wxyz(q);
  EXPECT_EQ(wxyz(e), q);
  EXPECT_EQ(e.w(), q[0]);
  // 0.2 rad about (1,2,3): the axis is fixed, a perpendicular vector turns by 0.2 rad.
  const Vec3 axis = Vec3(1, 2, 3).normalized();
  EXPECT_NEAR((e * axis - axis).norm(), 0.0, 1e-15);
  const Vec3 p = axis.unitOrthogonal();
  EXPECT_NEAR(std::acos((e * p).dot(p)), 0.2, 1e-12);
}

TEST(Quaternion, ConfigurationRateMapIsTheDerivativeOfTheUpdate) {
  std::mt19937 rng(4);
  std::normal_distribution<double> n(0.0, 1.0);
  for (int trial = 0; trial < 20; ++trial) {
    const Eigen::Quaterniond q = Eigen::Quaterniond(n(rng), n(rng), n(rng), n(rng)).normalized();
    const Vec3 omega(n(rng), n(rng), n(rng));
    const Vec3 v(n(rng), n(rng), n(rng));
    Eigen::Matrix<double, 6, 1> u;
    u << v, omega;
    const Eigen::Matrix<double, 7, 1> rate = configuration_rate_map(q) * u;
    const double h = 1e-6;
    const Vec4 dq = (wxyz(advance_orientation(q, omega, h)) - wxyz(q)) / h;
    EXPECT_NEAR((rate.tail<4>() - dq).norm(), 0.0, 1e-5 * (1.0 + omega.squaredNorm()));
    EXPECT_EQ(rate.head<3>(), v);
    // A rate that keeps |q| = 1: q . q' = 0.
    EXPECT_NEAR(wxyz(q).dot(rate.tail<4>()), 0.0, 1e-14);
  }
}

TEST(Quaternion, AdvanceIsExactForConstantSpin) {
  const Vec3 omega(0.0, 0.0, 2.0);
  Eigen::Quaterniond q = Eigen::Quaterniond::Identity();
  for (int k = 0; k < 1000; ++k) q = advance_orientation(q, omega, 0.001);
  EXPECT_NEAR(q.angularDistance(Eigen::Quaterniond(Eigen::AngleAxisd(2.0, Vec3::UnitZ()))), 0.0, 1e-12);
}

TEST(Body3d, ProblemsAreNamed) {
  Body3d body;
  EXPECT_EQ(body3d_problem(body), "");
  body.orientation = Eigen::Quaterniond(1.0, 0.0, 0.0, 0.1);
  EXPECT_NE(body3d_problem(body).find("not a unit quaternion"), std::string::npos);
  body.orientation = Eigen::Quaterniond::Identity();
  body.inertia = Vec3(1.0, 1.0, 0.0).asDiagonal();
  EXPECT_NE(body3d_problem(body).find("singular"), std::string::npos);
  body.inertia = Vec3(1.0, 1.0, 3.0).asDiagonal();
  EXPECT_NE(body3d_problem(body).find("triangle inequality"), std::string::npos);
  body.inertia = Mat3::Identity();
  body.mass = 0.0;
  EXPECT_NE(body3d_problem(body).find("mass"), std::string::npos);
}

TEST(Body3d, WorldInertiaAndConfiguration) {
  Body3d body;
  body.inertia = Vec3(1.0, 2.0, 3.0).asDiagonal();
  body.orientation = Eigen::Quaterniond(Eigen::AngleAxisd(M_PI / 2, Vec3::UnitZ()));  // x -> y
  body.position = Vec3(1, 2, 3);
  const Mat3 world = body.world_inertia();
  EXPECT_NEAR(world(0, 0), 2.0, 1e-14);
  EXPECT_NEAR(world(1, 1), 1.0, 1e-14);
  EXPECT_NEAR((world * body.world_inverse_inertia() - Mat3::Identity()).norm(), 0.0, 1e-14);
  const Vec7 s = body.configuration();
  EXPECT_EQ(s.head<3>(), Vec3(1, 2, 3));
  EXPECT_NEAR(s[3], std::cos(M_PI / 4), 1e-15);
  EXPECT_NEAR(s[6], std::sin(M_PI / 4), 1e-15);
}

}  // namespace
}  // namespace pegsim
