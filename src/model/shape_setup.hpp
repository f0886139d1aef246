// ModelBuilder's part for shapes and materials (internal to model/; model/shapes.hpp says what they
// mean): masses from shapes, centres of mass, checks and the laws of each pair of materials.
#pragma once

#include <string>

#include "model/model.hpp"

namespace stickslip {

// Where shape k is in a model file: "bodies[i].shapes[j]" (i counts the file's bodies, without the
// ground), or "shapes[k]" for a shape of the ground.
std::string shape_path(const Model& m, std::size_t k);

// Shapes belong to spatial models; planes and triangle meshes to bodies that are not dynamic;
// materials, pairs and reports name what exists; the laws of every pair of materials whose shapes
// can meet are known. Fills m.material_laws and m.shape_pair_laws. Throws ModelError.
void validate_shapes(Model& m);
// Dynamic spatial bodies without a mass take mass, centre of mass and inertia from their shapes.
void set_masses_from_shapes(Model& m);
// A dynamic spatial body whose centre of mass is off its frame's origin: its position moves to the
// centre of mass and every point in its frame (joints, contacts, forces, springs, shapes) by −c.
void shift_to_centers_of_mass(Model& m);

}  // namespace stickslip
