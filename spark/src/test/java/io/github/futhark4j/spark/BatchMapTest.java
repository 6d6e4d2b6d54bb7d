package io.github.futhark4j.spark;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructType;
import org.junit.jupiter.api.Test;

/** Entry points over columns a batch at a time: scalar, array, record and tuple columns, both output forms. */
class BatchMapTest {
  static SparkSession spark() { return SparkTests.spark(); }

  @Test
  void scalarColumnsBecomeArraysAndResultsNewColumns() throws Exception {
    Dataset<Row> df = spark().range(0, 10_000, 1, 3).selectExpr("id", "cast(id as double) * 0.5 as x", "cast(id % 7 as double) as y");
    Dataset<Row> out = SparkTests.kernels().map("axpy").value(3.0).columns("x", "y").as("z").batchSize(1000).withColumns(df);
    assertEquals(List.of("id", "x", "y", "z"), List.of(out.schema().fieldNames()));
    assertEquals(DataTypes.DoubleType, out.schema().apply("z").dataType());
    List<Row> rows = out.orderBy("id").collectAsList();
    assertEquals(10_000, rows.size());
    for (Row r : rows) {
      long id = r.getLong(0);
      assertEquals(3.0 * (id * 0.5) + (id % 7), r.getDouble(3), 0.0, "row " + id);
    }
  }

  @Test
  void everyBatchIsOneCallOfAtMostTheBatchSize() throws Exception {
    // pos returns iota n for a batch of n rows: the position within the batch.
    Dataset<Row> df = spark().range(0, 100, 1, 1).selectExpr("id", "cast(id as double) as x");
    BatchStats before = BatchStats.current();
    List<Row> rows = SparkTests.kernels().map("pos").column("x").as("p").batchSize(7).withColumns(df).collectAsList();
    for (Row r : rows) assertEquals(r.getLong(0) % 7, r.getLong(2), "row " + r.getLong(0));
    BatchStats used = BatchStats.current().minus(before);
    assertEquals(15, used.batches(), "100 rows in Futhark calls of at most 7: " + used);
    assertEquals(100, used.rows());
  }

  @Test
  void arrayColumnsAndSeveralResults() throws Exception {
    Dataset<Row> df = spark().range(0, 500, 1, 2)
        .selectExpr("id", "array(cast(id as double), 1.0, cast(id % 3 as double)) as v");
    Dataset<Row> out = SparkTests.kernels().map("norms").column("v").as("norm", "unit").batchSize(64).withColumns(df);
    assertEquals(DataTypes.createArrayType(DataTypes.DoubleType, false), out.schema().apply("unit").dataType());
    for (Row r : out.collectAsList()) {
      long id = r.getLong(0);
      double[] v = {id, 1.0, id % 3};
      double n = Math.sqrt(v[0] * v[0] + v[1] * v[1] + v[2] * v[2]);
      assertEquals(n, r.getDouble(2), 1e-12);
      List<Double> unit = r.getList(3);
      for (int i = 0; i < 3; i++) assertEquals(v[i] / n, unit.get(i), 1e-12);
    }
  }

  @Test
  void cachedDatasetsAndLongArraysAreReadInPlace() throws Exception {
    // 70 elements per row: more than one word of null bits in Spark's array layout.
    Dataset<Row> df = spark().range(0, 3000, 1, 3)
        .selectExpr("id", "transform(sequence(0, 69), i -> cast(id * 100 + i as double)) as v").cache();
    try {
      Dataset<Row> out = SparkTests.kernels().map("norms").column("v").as("norm", "unit").batchSize(512).withColumns(df);
      for (Row r : out.collectAsList()) {
        long id = r.getLong(0);
        double sq = 0;
        for (int i = 0; i < 70; i++) sq += (id * 100.0 + i) * (id * 100.0 + i);
        assertEquals(Math.sqrt(sq), r.getDouble(2), 1e-9 * Math.sqrt(sq), "row " + id);
        List<Double> unit = r.getList(3);
        assertEquals(70, unit.size());
        assertEquals((id * 100.0 + 69) / Math.sqrt(sq), unit.get(69), 1e-12);
      }
    } finally {
      df.unpersist();
    }
  }

  @Test
  void everyElementTypeCrossesInArrays() throws Exception {
    Dataset<Row> df = spark().range(0, 600, 1, 2).selectExpr("id",
        "array(cast(id % 100 as tinyint), cast(-1 as tinyint)) as a", "array(cast(id as smallint)) as b",
        "array(cast(id as int), 7) as c", "array(id, -id) as d", "array(cast(id * 0.5 as float)) as f",
        "array(id % 2 = 0, true, false) as g");
    Dataset<Row> out = SparkTests.kernels().map("rows_back").columns("a", "b", "c", "d", "f", "g")
        .as("a2", "b2", "c2", "d2", "f2", "g2").batchSize(128).withColumns(df);
    for (Row r : out.collectAsList()) {
      long id = r.getLong(0);
      assertEquals(List.of((byte) (id % 100 + 1), (byte) 0), r.getList(7));
      assertEquals(List.of((short) (id + 1)), r.getList(8));
      assertEquals(List.of((int) id + 1, 8), r.getList(9));
      assertEquals(List.of(id + 1, 1 - id), r.getList(10));
      assertEquals(List.of(id / 2f + 1), r.getList(11));
      assertEquals(List.of(id % 2 != 0, false, true), r.getList(12));
    }
  }

  @Test
  void nestedArrayColumnsInAndOut() throws Exception {
    Dataset<Row> df = spark().range(0, 200, 1, 2)
        .selectExpr("id", "array(array(cast(id as double), 1D, 2D), array(3D, 4D, cast(-id as double))) as m");
    Dataset<Row> out = SparkTests.kernels().map("sum_inner").column("m").as("s").batchSize(30).withColumns(df);
    Dataset<Row> out2 = SparkTests.kernels().map("twice3").column("m").as("t").batchSize(30).withColumns(out);
    assertEquals("array<array<double>>", out2.schema().apply("t").dataType().simpleString());
    for (Row r : out2.collectAsList()) {
      long id = r.getLong(0);
      List<Double> s = r.getList(2);
      assertEquals(List.of(id + 3.0, 7.0 - id), s);
      List<Object> t = r.getList(3);
      assertEquals(List.of(List.of(2.0 * id, 2.0, 4.0), List.of(6.0, 8.0, 2.0 * -id)),
          t.stream().map(x -> scala.jdk.javaapi.CollectionConverters.asJava((scala.collection.Seq<?>) x)).toList());
    }
  }

  @Test
  void structColumnsAreRecordsAndTuples() throws Exception {
    Dataset<Row> df = spark().range(0, 300, 1, 2)
        .selectExpr("id", "named_struct('b', cast(id % 5 as int), 'a', cast(id as double) / 4) as p",
            "named_struct('first', cast(id as double), 'second', id * 2) as q");
    SparkFuthark k = SparkTests.kernels();
    Dataset<Row> out = k.map("rec").column("p").as("r").withColumns(df);
    // A tuple parameter takes a struct by position; the entry point's two results are two columns.
    Dataset<Row> out2 = k.map("tup").column("q").as("i", "f").withColumns(out);
    StructType rt = (StructType) out2.schema().apply("r").dataType();
    assertEquals(List.of("s", "t"), List.of(rt.fieldNames()));
    for (Row r : out2.collectAsList()) {
      long id = r.getLong(0);
      Row rec = r.getStruct(3);
      assertEquals(id / 4.0 + id % 5, rec.getDouble(0), 0.0);
      assertEquals(id % 5, rec.getLong(1));
      assertEquals(id * 2, r.getLong(4));
      assertEquals((double) id, r.getDouble(5), 0.0);
    }
  }

  @Test
  void recordResultsWithArrayFieldsAreStructsOfArrays() throws Exception {
    Dataset<Row> df = spark().range(1, 401, 1, 2).selectExpr("id", "array(cast(id as double), 1D, 3D) as v");
    Dataset<Row> out = SparkTests.kernels().map("scaled").column("v").as("s").batchSize(50).withColumns(df);
    // Record fields in the manifest's order (by name), as Futhark orders them.
    assertEquals("struct<scaled:array<double>,total:double>", out.schema().apply("s").dataType().simpleString());
    for (Row r : out.collectAsList()) {
      long id = r.getLong(0);
      Row s = r.getStruct(2);
      double t = id + 4.0;
      assertEquals(t, s.getDouble(1), 0.0);
      assertEquals(List.of(id / t, 1 / t, 3 / t), s.getList(0));
    }
  }

  @Test
  void transformMakesANewDatasetOfAnyLength() throws Exception {
    Dataset<Row> df = spark().range(0, 1000, 1, 3).selectExpr("cast(id - 400 as double) as x", "id");
    Dataset<Row> pos = SparkTests.kernels().map("positives").column("x").as("x").batchSize(100).transform(df);
    assertEquals(List.of("x"), List.of(pos.schema().fieldNames()));
    List<Double> xs = new ArrayList<>(pos.collectAsList().stream().map(r -> r.getDouble(0)).toList());
    xs.sort(null);
    assertEquals(599, xs.size());
    assertEquals(1.0, xs.get(0));
    assertEquals(599.0, xs.get(598));
  }

  @Test
  void everyPrimitiveTypeMapsByTheApiRules() throws Exception {
    StructType schema = new StructType()
        .add("a", DataTypes.ByteType).add("b", DataTypes.ShortType).add("c", DataTypes.IntegerType)
        .add("d", DataTypes.LongType).add("e", DataTypes.ByteType).add("f", DataTypes.FloatType)
        .add("g", DataTypes.BooleanType).add("h", DataTypes.IntegerType);
    List<Row> in = List.of(
        RowFactory.create((byte) 1, (short) 2, 3, 4L, (byte) -1, 1.5f, true, -1),
        RowFactory.create((byte) -5, (short) -300, -7, -8L, (byte) 7, -3f, false, 41));
    Dataset<Row> df = spark().createDataFrame(in, schema).repartition(1);
    Dataset<Row> out = SparkTests.kernels().map("kinds").columns("a", "b", "c", "d", "e", "f", "g", "h")
        .as("a2", "b2", "c2", "d2", "e2", "f2", "g2", "h2").withColumns(df);
    assertEquals("struct<a:tinyint,b:smallint,c:int,d:bigint,e:tinyint,f:float,g:boolean,h:int,a2:tinyint,b2:smallint,"
        + "c2:int,d2:bigint,e2:tinyint,f2:float,g2:boolean,h2:int>", out.schema().simpleString());
    List<Row> rows = out.collectAsList();
    Row r = rows.get(0).getByte(0) == 1 ? rows.get(0) : rows.get(1);
    // u8 255 + 1 wraps to 0; u32 as bits: 0xffffffff + 1 = 0.
    assertArrayEquals(new Object[] {(byte) 2, (short) 4, -3, 1_000_000_000_004L, (byte) 0, 0.75f, false, 0},
        new Object[] {r.get(8), r.get(9), r.get(10), r.get(11), r.get(12), r.get(13), r.get(14), r.get(15)});
  }
}
