package io.github.futhark4j.fuzz;

import java.util.ArrayList;
import java.util.List;

/**
 * A piece of generated Futhark source: text with holes filled by child nodes, and the type it has
 * ({@link GenType#text()}, e.g. {@code i32} or {@code [][]f64}; empty for non-expressions). The
 * tree is what the minimiser edits: any node may be replaced by a child of the same type or by a
 * literal of its type.
 */
public final class Node {
  final String type;
  /** Text pieces: {@code parts[0] kid0 parts[1] kid1 ... parts[k]}. */
  final String[] parts;
  final List<Node> kids;

  Node(String type, String[] parts, List<Node> kids) {
    if (parts.length != kids.size() + 1) throw new IllegalArgumentException("parts/kids mismatch");
    this.type = type;
    this.parts = parts;
    this.kids = List.copyOf(kids);
  }

  /** A leaf. */
  static Node leaf(String type, String text) { return new Node(type, new String[] {text}, List.of()); }

  /**
   * A node from a template where {@code $} marks the place of each child, in order.
   */
  static Node of(String type, String template, Node... kids) {
    List<String> parts = new ArrayList<>();
    int from = 0;
    for (int k = 0; k < kids.length; k++) {
      int at = template.indexOf('$', from);
      if (at < 0) throw new IllegalArgumentException("template " + template + " has fewer holes than " + kids.length);
      parts.add(template.substring(from, at));
      from = at + 1;
    }
    parts.add(template.substring(from));
    if (parts.get(parts.size() - 1).indexOf('$') >= 0) throw new IllegalArgumentException("template " + template + " has more holes");
    return new Node(type, parts.toArray(String[]::new), List.of(kids));
  }

  String render() {
    StringBuilder sb = new StringBuilder();
    render(sb);
    return sb.toString();
  }

  void render(StringBuilder sb) {
    sb.append(parts[0]);
    for (int i = 0; i < kids.size(); i++) {
      kids.get(i).render(sb);
      sb.append(parts[i + 1]);
    }
  }

  /** Every node of the tree, pre-order. */
  void collect(List<Node> out) {
    out.add(this);
    for (Node k : kids) k.collect(out);
  }

  /** This tree with {@code target} (by identity) replaced by {@code by}. */
  Node replace(Node target, Node by) {
    if (this == target) return by;
    List<Node> ks = new ArrayList<>();
    boolean changed = false;
    for (Node k : kids) {
      Node r = k.replace(target, by);
      changed |= r != k;
      ks.add(r);
    }
    return changed ? new Node(type, parts, ks) : this;
  }

  int size() {
    int n = 1;
    for (Node k : kids) n += k.size();
    return n;
  }

  @Override public String toString() { return render(); }
}
