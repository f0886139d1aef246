// three.js geometry of the scene's shapes (docs/animation-format.md, "shapes"), in the shape's own
// frame: capsules and cylinders along z, planes handled by the view. Shapes with equal keys share a
// geometry (and an instanced mesh).
import { BoxGeometry, BufferGeometry, CapsuleGeometry, CylinderGeometry, Float32BufferAttribute, SphereGeometry, Vector3 } from 'three';
import { ConvexGeometry } from 'three/addons/geometries/ConvexGeometry.js';

let unique = 0;

// Shapes of one kind and size (to 1e-9) have the same key; a mesh or convex hull has its own.
export function shapeKey(s) {
  const round = (x) => +(+x).toPrecision(9);
  switch (s.kind) {
    case 'box': return `box ${s.size.map(round)}`;
    case 'sphere': return `sphere ${round(s.radius)}`;
    case 'capsule': case 'cylinder': return `${s.kind} ${round(s.radius)} ${round(s.length)}`;
    default: return `${s.kind} #${unique++}`;
  }
}

// Sizes below a thousandth of the scene are drawn at that, so that flat boxes and thin rods show.
// Curved shapes drawn `copies` times get fewer facets when there are many (a thousand spheres of
// 512 triangles each already cost the rasteriser more than the page's code).
export function shapeGeometry(s, sceneSize, copies = 1) {
  const least = 1e-3 * sceneSize, at = (x) => Math.max(x, least);
  const around = copies > 1000 ? 12 : copies > 100 ? 20 : 32;
  switch (s.kind) {
    case 'box': return new BoxGeometry(at(s.size[0]), at(s.size[1]), at(s.size[2]));
    case 'sphere': return new SphereGeometry(at(s.radius), around, around / 2);
    case 'capsule': return new CapsuleGeometry(at(s.radius), s.length, around / 4, around * 0.75).rotateX(Math.PI / 2);
    case 'cylinder': return new CylinderGeometry(at(s.radius), at(s.radius), at(s.length), around).rotateX(Math.PI / 2);
    case 'convex': {
      const pts = [];
      for (let k = 0; k + 2 < s.vertices.length; k += 3) pts.push(new Vector3(s.vertices[k], s.vertices[k + 1], s.vertices[k + 2]));
      return new ConvexGeometry(pts);
    }
    case 'mesh': {
      const g = new BufferGeometry();
      g.setAttribute('position', new Float32BufferAttribute(Array.from(s.vertices), 3));
      g.setIndex(Array.from(s.triangles));
      g.computeVertexNormals();
      return g;
    }
    default: throw new Error(`unknown shape kind "${s.kind}"`);
  }
}
