/*
 * StorageRulesRuntime: an offline stand-in for Google's cloud-storage-rules-runtime JAR.
 *
 * Why it exists: firebase-tools' Storage emulator evaluates security rules in a separate Java process
 * (`java -jar cloud-storage-rules-runtime-v*.jar serve`) that it normally downloads from the internet.
 * This machine has no network, but the Cloud Firestore emulator JAR shipped with the Google Cloud SDK
 * already contains the whole Firebase rules engine: the compiler (com.google.firebase.rules.lang), the
 * evaluator (com.google.firebase.rules.runtime) and the generated Firebase Storage service bindings
 * (com.google.firebase.rules.partners.services.firebasestorage, with firestore.get/firestore.exists).
 * This class only glues those to firebase-tools' JSON-lines protocol
 * (node_modules/firebase-tools/lib/emulator/storage/rules/runtime.js, firebase-tools 13.35.1):
 *
 *   out {"id":-1,...}                                       once at start (the emulator waits for it)
 *   in  {"action":"load_ruleset","id":N,"context":{"rulesetName","source":{"files":[{"name","content"}]}}}
 *   out {"id":N,"status":"ok","result":{"rulesVersion":2},"errors":[],"warnings":[]}
 *   in  {"action":"verify","id":N,"context":{"rulesetName","service","path","method","variables":{...}}}
 *   out {"id":N,"status":"ok","result":{"permit":true|false},"errors":[],"warnings":[]}
 * and, while a verify waits on firestore.get/exists, the round trip through the emulator:
 *   out {"server_request_id":N,"action":"fetch_firestore_document","status":"ok","context":{"path":"/databases/(default)/documents/c/d"}}
 *   in  {"id":N,"status":"ok"|"not_found","result":{"name","fields"},...}   (Firestore REST JSON document)
 * Variables arrive as ExpressionValue JSON (proto field names), parsed with protobuf's JsonFormat.
 * Fetches of one verify are sent one at a time (the emulator keeps one handler per id) and cached per verify.
 *
 * Build: build.ts next to this file (compiles against the Firestore emulator JAR, Class-Path points at it).
 * Use:   STORAGE_EMULATOR_BINARY_PATH=<built jar> firebase emulators:start --only storage
 */
import com.google.common.util.concurrent.FutureCallback;
import com.google.common.util.concurrent.Futures;
import com.google.common.util.concurrent.ListenableFuture;
import com.google.common.util.concurrent.MoreExecutors;
import com.google.common.util.concurrent.SettableFuture;
import com.google.firebase.rules.lang.CompileResult;
import com.google.firebase.rules.lang.FirebaseRulesProtoCompiler;
import com.google.firebase.rules.lang.common.FirebaseRulesLangOptions;
import com.google.firebase.rules.partners.services.firebasestorage.FirebaseStorageCreateContextConverter;
import com.google.firebase.rules.partners.services.firebasestorage.FirebaseStorageDeleteContextConverter;
import com.google.firebase.rules.partners.services.firebasestorage.FirebaseStorageGetContextConverter;
import com.google.firebase.rules.partners.services.firebasestorage.FirebaseStorageListContextConverter;
import com.google.firebase.rules.partners.services.firebasestorage.FirebaseStorageService;
import com.google.firebase.rules.partners.services.firebasestorage.FirebaseStorageUpdateContextConverter;
import com.google.firebase.rules.runtime.common.EvaluationResult;
import com.google.firebase.rules.runtime.evaluators.AuthRuleEvaluator.RuleContext;
import com.google.firebase.rules.runtime.impl.DefaultEvaluator;
import com.google.firebase.rules.runtime.utils.ExpressionValueUtils;
import com.google.firebase.rules.runtime.v1.ExpressionListValue;
import com.google.firebase.rules.runtime.v1.ExpressionMapValue;
import com.google.firebase.rules.runtime.v1.ExpressionPathValue;
import com.google.firebase.rules.runtime.v1.ExpressionValue;
import com.google.firebase.rules.runtime.v1.RulesetAst;
import com.google.firebase.rules.v1.File;
import com.google.firebase.rules.v1.Issue;
import com.google.firebase.rules.v1.Source;
import com.google.firebase.rules.v1.SourcePosition;
import com.google.firestore.v1.Document;
import com.google.firestore.v1.Value;
import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import com.google.protobuf.util.JsonFormat;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Collectors;

public final class StorageRulesRuntime {
  private static final Map<String, RulesetAst> RULESETS = new ConcurrentHashMap<>();
  private static final Map<Long, Verify> VERIFIES = new ConcurrentHashMap<>();
  private static final JsonFormat.Parser PROTO_JSON = JsonFormat.parser().ignoringUnknownFields();
  private static PrintStream out;
  private static long lastWrite;

  public static void main(String[] args) throws Exception {
    if (args.length != 1 || !args[0].equals("serve")) {
      System.err.println("usage: java -jar storage-rules-runtime.jar serve");
      System.exit(2);
    }
    java.util.logging.LogManager.getLogManager().reset(); // keep the engine's logging off stdout/stderr
    out = new PrintStream(new java.io.FileOutputStream(java.io.FileDescriptor.out), false, "UTF-8");
    System.setOut(System.err); // nothing but protocol lines may reach the real stdout
    send(reply(-1, "ok"));
    BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
    for (String line; (line = in.readLine()) != null; ) {
      if (line.isBlank()) continue;
      long id = -2;
      try {
        JsonObject msg = JsonParser.parseString(line).getAsJsonObject();
        id = msg.has("id") ? msg.get("id").getAsLong() : -2;
        String action = msg.has("action") ? msg.get("action").getAsString() : "";
        switch (action) {
          case "load_ruleset": loadRuleset(id, msg.getAsJsonObject("context")); break;
          case "verify": verify(id, msg.getAsJsonObject("context")); break;
          case "": // a Firestore document the emulator fetched for a pending verify
            Verify v = VERIFIES.get(id);
            if (v != null) v.delivered(msg);
            break;
          default: send(error(id, "unknown action " + action));
        }
      } catch (Throwable t) {
        VERIFIES.remove(id);
        send(error(id, "rules runtime: " + t));
      }
    }
    System.exit(0);
  }

  // ---- load_ruleset ----------------------------------------------------------------------------

  private static void loadRuleset(long id, JsonObject ctx) {
    Source.Builder source = Source.newBuilder();
    for (JsonElement f : ctx.getAsJsonObject("source").getAsJsonArray("files")) {
      JsonObject file = f.getAsJsonObject();
      source.addFiles(File.newBuilder()
          .setName(file.has("name") ? file.get("name").getAsString() : "storage.rules")
          .setContent(file.get("content").getAsString()));
    }
    // The Firestore emulator's own options (EmulatorRulesCompiler), plus cross-service rules,
    // which declare firestore.get/exists for firebase.storage.
    CompileResult compiled = FirebaseRulesProtoCompiler
        .createStandalone(FirebaseRulesLangOptions.builder().allowTernaryOperator(true).allowCrossServiceRules(true).build())
        .compile(source.build());
    JsonArray errors = new JsonArray(), warnings = new JsonArray();
    for (Issue issue : compiled.getIssues()) {
      // Shaped like Google's runtime (a Gson dump of the Issue), which storage/rules/manager.js parses.
      SourcePosition p = issue.getSourcePosition();
      JsonObject pos = new JsonObject(), text = new JsonObject();
      pos.addProperty("fileName_", p.getFileName());
      pos.addProperty("line_", p.getLine());
      pos.addProperty("column_", p.getColumn());
      text.addProperty("description_", issue.getDescription());
      text.add("sourcePosition_", pos);
      text.addProperty("severity_", issue.getSeverityValue());
      (issue.getSeverity() == Issue.Severity.ERROR ? errors : warnings).add(text.toString());
    }
    JsonObject r = reply(id, errors.size() == 0 ? "ok" : "error");
    r.addProperty("action", "load_ruleset"); // lets runtime.js hand an "error" reply to its caller
    r.add("errors", errors);
    r.add("warnings", warnings);
    if (!compiled.hasCompilationError() && errors.size() == 0) {
      RulesetAst ast = compiled.getRulesetAst();
      RULESETS.put(ctx.get("rulesetName").getAsString(), ast);
      JsonObject result = new JsonObject();
      result.addProperty("rulesVersion", Math.max(1, ast.getVersionValue()));
      r.add("result", result);
    }
    send(r);
  }

  // ---- verify ----------------------------------------------------------------------------------

  private static void verify(long id, JsonObject ctx) throws Exception {
    RulesetAst ast = RULESETS.get(ctx.get("rulesetName").getAsString());
    if (ast == null) {
      send(error(id, "no ruleset named " + ctx.get("rulesetName")));
      return;
    }
    Map<String, ExpressionValue> vars = new HashMap<>();
    JsonObject variables = ctx.has("variables") ? ctx.getAsJsonObject("variables") : new JsonObject();
    for (Map.Entry<String, JsonElement> e : variables.entrySet()) {
      ExpressionValue.Builder b = ExpressionValue.newBuilder();
      PROTO_JSON.merge(e.getValue().toString(), b);
      vars.put(e.getKey(), b.build());
    }
    ExpressionPathValue path = ExpressionValueUtils.segmentsToPathExpressions(
        Arrays.stream(ctx.get("path").getAsString().split("/")).filter(s -> !s.isEmpty())
            .collect(Collectors.toList())).getPathValue();
    Verify v = new Verify(id, path, vars);
    RuleContext rc;
    switch (ctx.get("method").getAsString()) {
      case "get": rc = FirebaseStorageGetContextConverter.convert(v); break;
      case "list": rc = FirebaseStorageListContextConverter.convert(v); break;
      case "create": rc = FirebaseStorageCreateContextConverter.convert(v); break;
      case "update": rc = FirebaseStorageUpdateContextConverter.convert(v); break;
      case "delete": rc = FirebaseStorageDeleteContextConverter.convert(v); break;
      default: send(error(id, "unsupported method " + ctx.get("method"))); return;
    }
    // Any other variable firebase-tools sends (runtimeVariableOverrides) is exposed as is.
    RuleContext.Builder builder = rc.toBuilder();
    vars.forEach((k, val) -> { if (!k.equals("request") && !k.equals("resource")) builder.supplyVariable(k, val); });
    rc = builder.build();
    VERIFIES.put(id, v);
    ListenableFuture<EvaluationResult> result = new DefaultEvaluator(ast).evaluate(rc);
    Futures.addCallback(result, new FutureCallback<EvaluationResult>() {
      @Override public void onSuccess(EvaluationResult r) { v.finish(r.permit(), null); }
      @Override public void onFailure(Throwable t) { v.finish(false, String.valueOf(t.getMessage())); }
    }, MoreExecutors.directExecutor());
  }

  /**
   * One verify in flight: the request context the generated Storage converters read, and the
   * firestore.get/exists callouts, sent one at a time and cached by document path.
   */
  private static final class Verify implements FirebaseStorageService.FirebaseStorageGetContext,
      FirebaseStorageService.FirebaseStorageListContext, FirebaseStorageService.FirebaseStorageCreateContext,
      FirebaseStorageService.FirebaseStorageUpdateContext, FirebaseStorageService.FirebaseStorageDeleteContext {
    final long id;
    final ExpressionPathValue path;
    final Map<String, ExpressionValue> vars;
    final Map<String, SettableFuture<JsonObject>> docs = new HashMap<>(); // path -> doc (null: not found)
    final ArrayDeque<String> queue = new ArrayDeque<>(); // paths not yet answered; head is on the wire
    boolean waiting, done;

    Verify(long id, ExpressionPathValue path, Map<String, ExpressionValue> vars) {
      this.id = id; this.path = path; this.vars = vars;
    }

    @Override public ExpressionPathValue path() { return path; }
    @Override public ExpressionMapValue request() {
      return vars.getOrDefault("request", ExpressionValueUtils.NULL).getMapValue();
    }
    @Override public ListenableFuture<ExpressionValue> resource() {
      return Futures.immediateFuture(vars.getOrDefault("resource", ExpressionValueUtils.NULL));
    }
    @Override public ExpressionValue debug(ExpressionValue value) {
      System.err.println("debug(): " + value.toString().replace('\n', ' '));
      return value;
    }
    @Override public ListenableFuture<ExpressionValue> firestoreGet(ExpressionPathValue p, SourcePosition pos) {
      return fetch(p, pos, true);
    }
    @Override public ListenableFuture<ExpressionValue> firestoreExists(ExpressionPathValue p, SourcePosition pos) {
      return fetch(p, pos, false);
    }

    private ListenableFuture<ExpressionValue> fetch(ExpressionPathValue p, SourcePosition pos, boolean get) {
      String docPath;
      try {
        docPath = "/" + String.join("/", ExpressionValueUtils.getPathSegments(pos, p));
      } catch (Exception e) {
        return Futures.immediateFailedFuture(e);
      }
      SettableFuture<JsonObject> doc;
      synchronized (this) {
        doc = docs.get(docPath);
        if (doc == null) {
          doc = SettableFuture.create();
          docs.put(docPath, doc);
          queue.add(docPath);
          sendNext();
        }
      }
      return Futures.transform(doc, d -> get ? toResource(d) : ExpressionValueUtils.createValue(d != null),
          MoreExecutors.directExecutor());
    }

    private synchronized void sendNext() {
      if (waiting || done || queue.isEmpty()) return;
      waiting = true;
      JsonObject msg = new JsonObject();
      msg.addProperty("server_request_id", id);
      msg.addProperty("action", "fetch_firestore_document");
      msg.addProperty("status", "ok");
      JsonObject c = new JsonObject();
      c.addProperty("path", queue.peek());
      msg.add("context", c);
      send(msg);
    }

    void delivered(JsonObject msg) {
      SettableFuture<JsonObject> doc;
      synchronized (this) {
        if (!waiting) return;
        waiting = false;
        doc = docs.get(queue.poll());
      }
      boolean found = msg.has("status") && "ok".equals(msg.get("status").getAsString()) && msg.has("result")
          && msg.get("result").isJsonObject();
      doc.set(found ? msg.getAsJsonObject("result") : null); // may run the evaluation on, and send
      sendNext();
    }

    void finish(boolean permit, String failure) {
      synchronized (this) {
        if (done) return;
        done = true;
      }
      VERIFIES.remove(id);
      JsonObject r = reply(id, "ok");
      JsonObject result = new JsonObject();
      result.addProperty("permit", permit);
      r.add("result", result);
      r.add("errors", new JsonArray());
      JsonArray warnings = new JsonArray();
      if (failure != null) warnings.add("Rules evaluation failed: " + failure);
      r.add("warnings", warnings);
      send(r);
    }
  }

  // ---- Firestore REST JSON document -> rules value ---------------------------------------------

  /** What firestore.get returns: {data: {...}, id: "docId", __name__: /databases/(default)/documents/...}. */
  static ExpressionValue toResource(JsonObject restDoc) {
    if (restDoc == null) return ExpressionValueUtils.NULL;
    Document.Builder b = Document.newBuilder();
    try {
      PROTO_JSON.merge(restDoc.toString(), b);
    } catch (Exception e) {
      throw new IllegalArgumentException("unreadable Firestore document: " + e.getMessage(), e);
    }
    ExpressionMapValue.Builder data = ExpressionMapValue.newBuilder();
    b.getFieldsMap().forEach((k, v) -> data.putFields(k, toValue(v)));
    List<String> segments = documentSegments(b.getName());
    return ExpressionValue.newBuilder().setMapValue(ExpressionMapValue.newBuilder()
        .putFields("data", ExpressionValue.newBuilder().setMapValue(data).build())
        .putFields("id", ExpressionValueUtils.createValue(segments.isEmpty() ? "" : segments.get(segments.size() - 1)))
        .putFields("__name__", ExpressionValueUtils.segmentsToPathExpressions(segments))).build();
  }

  /** "projects/p/databases/(default)/documents/a/b" -> [databases, (default), documents, a, b]. */
  static List<String> documentSegments(String name) {
    List<String> s = Arrays.asList(name.split("/"));
    int i = s.indexOf("databases");
    return i < 0 ? s : s.subList(i, s.size());
  }

  static ExpressionValue toValue(Value v) {
    switch (v.getValueTypeCase()) {
      case BOOLEAN_VALUE: return ExpressionValueUtils.createValue(v.getBooleanValue());
      case INTEGER_VALUE: return ExpressionValueUtils.createValue(v.getIntegerValue());
      case DOUBLE_VALUE: return ExpressionValueUtils.createValue(v.getDoubleValue());
      case TIMESTAMP_VALUE: return ExpressionValue.newBuilder().setTimestampValue(v.getTimestampValue()).build();
      case STRING_VALUE: return ExpressionValueUtils.createValue(v.getStringValue());
      case BYTES_VALUE: return ExpressionValue.newBuilder().setBytesValue(v.getBytesValue()).build();
      case REFERENCE_VALUE: return ExpressionValueUtils.segmentsToPathExpressions(documentSegments(v.getReferenceValue()));
      case GEO_POINT_VALUE: return ExpressionValue.newBuilder().setLatlngValue(v.getGeoPointValue()).build();
      case ARRAY_VALUE: {
        ExpressionListValue.Builder l = ExpressionListValue.newBuilder();
        v.getArrayValue().getValuesList().forEach(x -> l.addValues(toValue(x)));
        return ExpressionValue.newBuilder().setListValue(l).build();
      }
      case MAP_VALUE: {
        ExpressionMapValue.Builder m = ExpressionMapValue.newBuilder();
        v.getMapValue().getFieldsMap().forEach((k, x) -> m.putFields(k, toValue(x)));
        return ExpressionValue.newBuilder().setMapValue(m).build();
      }
      default: return ExpressionValueUtils.NULL; // nullValue (and pipeline-only kinds)
    }
  }

  // ---- output ----------------------------------------------------------------------------------

  private static JsonObject reply(long id, String status) {
    JsonObject r = new JsonObject();
    r.addProperty("id", id);
    r.addProperty("status", status);
    return r;
  }

  private static JsonObject error(long id, String message) {
    JsonObject r = reply(id, "error");
    r.addProperty("action", "error"); // runtime.js passes replies with an action to the waiting caller
    r.addProperty("message", message);
    JsonArray errors = new JsonArray();
    errors.add(message);
    r.add("errors", errors);
    r.add("warnings", new JsonArray());
    return r;
  }

  /**
   * One JSON object per line. runtime.js parses each stdout chunk it receives as a single JSON value,
   * so lines are spaced a little apart to keep two of them from arriving in one chunk.
   */
  private static synchronized void send(JsonObject msg) {
    long wait = lastWrite + 20 - System.currentTimeMillis();
    if (wait > 0) {
      try { Thread.sleep(wait); } catch (InterruptedException e) { Thread.currentThread().interrupt(); }
    }
    out.print(msg.toString() + "\n");
    out.flush();
    lastWrite = System.currentTimeMillis();
  }
}
