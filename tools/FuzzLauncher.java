import java.io.PrintWriter;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.List;
import org.junit.platform.engine.discovery.DiscoverySelectors;
import org.junit.platform.launcher.Launcher;
import org.junit.platform.launcher.LauncherDiscoveryRequest;
import org.junit.platform.launcher.core.LauncherDiscoveryRequestBuilder;
import org.junit.platform.launcher.core.LauncherFactory;
import org.junit.platform.launcher.listeners.SummaryGeneratingListener;
import org.junit.platform.launcher.listeners.TestExecutionSummary;

/**
 * Runs one {@code @FuzzTest} method through the JUnit Platform, in this JVM: tools/fuzz starts it once per
 * target with the module's test class path, instead of one Maven build and surefire fork per target.
 *
 * <pre>java -cp LAUNCHER_DIR:TEST_CLASS_PATH FuzzLauncher pkg.Class#method</pre>
 *
 * Exit status 0 if the method ran and passed, 1 if it failed (a finding, with JAZZER_FUZZ=1), 2 if it
 * was not found or did not run.
 */
public final class FuzzLauncher {
  private FuzzLauncher() {}

  public static void main(String[] args) throws ClassNotFoundException {
    if (args.length != 1 || !args[0].contains("#")) {
      System.err.println("usage: FuzzLauncher pkg.Class#method");
      System.exit(2);
    }
    String className = args[0].substring(0, args[0].indexOf('#'));
    String methodName = args[0].substring(args[0].indexOf('#') + 1);
    Class<?> testClass = Class.forName(className, false, FuzzLauncher.class.getClassLoader());
    // By the Method, not by name: a method selector without parameter types matches only a method
    // with none, and a fuzz test takes the fuzzer's input.
    List<Method> found = new ArrayList<>();
    for (Method method : testClass.getDeclaredMethods()) {
      if (method.getName().equals(methodName)) {
        found.add(method);
      }
    }
    if (found.size() != 1) {
      System.err.println("FuzzLauncher: " + args[0] + ": " + found.size() + " methods of that name, expected 1");
      System.exit(2);
    }
    LauncherDiscoveryRequest request =
        LauncherDiscoveryRequestBuilder.request()
            .selectors(DiscoverySelectors.selectMethod(testClass, found.get(0)))
            .build();
    SummaryGeneratingListener listener = new SummaryGeneratingListener();
    Launcher launcher = LauncherFactory.create();
    launcher.execute(request, listener);
    TestExecutionSummary summary = listener.getSummary();
    PrintWriter out = new PrintWriter(System.out, true);
    summary.printTo(out);
    summary.printFailuresTo(out, 40);
    out.flush();
    if (summary.getTotalFailureCount() > 0) {
      System.exit(1);
    }
    System.exit(summary.getTestsSucceededCount() > 0 ? 0 : 2);
  }
}
