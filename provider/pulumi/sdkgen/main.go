// Command gpushare-sdkgen writes the Node.js, Python and Go SDKs of a Pulumi package schema with
// Pulumi's own generators (github.com/pulumi/pulumi/pkg/v3/codegen/{nodejs,python,go}).
//
// Why not `pulumi package gen-sdk --language nodejs|python|go`: the CLI delegates SDK generation
// to each language's host (pulumi-language-nodejs, ...), and those hosts cannot be built here; the
// generators they call are this same library code. The Java SDK still comes from gen-sdk (its
// host is built). scripts/gen-pulumi-sdk runs this program; scripts/build-pulumi-sdkgen builds it.
//
// Usage: gpushare-sdkgen SCHEMA.json OUTDIR   (writes OUTDIR/nodejs, OUTDIR/python, OUTDIR/go)
package main

import (
	"context"
	"encoding/json"
	"fmt"
	"go/format"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/blang/semver"
	gogen "github.com/pulumi/pulumi/pkg/v3/codegen/go"
	"github.com/pulumi/pulumi/pkg/v3/codegen/nodejs"
	"github.com/pulumi/pulumi/pkg/v3/codegen/python"
	"github.com/pulumi/pulumi/pkg/v3/codegen/schema"
)

// tool is the generator name the generated files' headers carry.
const tool = "gpushare-sdkgen (Pulumi codegen v3.274.1)"

// noPackages refuses every package reference: the gpushare schema references only the built-in
// pulumi.json types, so a reference to another package is a mistake worth stopping for.
type noPackages struct{}

func (noPackages) refuse(name string) error {
	return fmt.Errorf("the schema references package %q; gpushare-sdkgen resolves no other packages", name)
}

func (n noPackages) LoadPackage(pkg string, _ *semver.Version) (*schema.Package, error) {
	return nil, n.refuse(pkg)
}

func (n noPackages) LoadPackageV2(_ context.Context, d *schema.PackageDescriptor) (*schema.Package, error) {
	return nil, n.refuse(d.Name)
}

func (n noPackages) LoadPackageReference(pkg string, _ *semver.Version) (schema.PackageReference, error) {
	return nil, n.refuse(pkg)
}

func (n noPackages) LoadPackageReferenceV2(
	_ context.Context, d *schema.PackageDescriptor,
) (schema.PackageReference, error) {
	return nil, n.refuse(d.Name)
}

type generator func(pkg *schema.Package) (map[string][]byte, error)

var generators = map[string]generator{
	"nodejs": func(pkg *schema.Package) (map[string][]byte, error) {
		return nodejs.GeneratePackage(tool, pkg, nil, nil, false, noPackages{})
	},
	"python": func(pkg *schema.Package) (map[string][]byte, error) {
		return python.GeneratePackage(tool, pkg, nil, noPackages{})
	},
	"go": func(pkg *schema.Package) (map[string][]byte, error) {
		files, err := gogen.GeneratePackage(tool, pkg, nil)
		if err != nil {
			return nil, err
		}
		// gofmt, as Pulumi's Go language host does after the same generator
		for name, content := range files {
			if strings.HasSuffix(name, ".go") {
				if files[name], err = format.Source(content); err != nil {
					return nil, fmt.Errorf("%s: %w", name, err)
				}
			}
		}
		return files, nil
	},
}

func main() {
	if len(os.Args) != 3 {
		fmt.Fprintln(os.Stderr, "usage: gpushare-sdkgen SCHEMA.json OUTDIR")
		os.Exit(2)
	}
	if err := run(os.Args[1], os.Args[2]); err != nil {
		fmt.Fprintln(os.Stderr, "gpushare-sdkgen:", err)
		os.Exit(1)
	}
}

func run(schemaPath, outDir string) error {
	data, err := os.ReadFile(schemaPath)
	if err != nil {
		return err
	}
	languages := make([]string, 0, len(generators))
	for l := range generators {
		languages = append(languages, l)
	}
	sort.Strings(languages)
	for _, lang := range languages {
		// bound afresh per language: the generators record their language info in the package
		pkg, err := bind(data)
		if err != nil {
			return err
		}
		files, err := generators[lang](pkg)
		if err != nil {
			return fmt.Errorf("%s: %w", lang, err)
		}
		if err := write(filepath.Join(outDir, lang), files); err != nil {
			return err
		}
	}
	return nil
}

func bind(data []byte) (*schema.Package, error) {
	var spec schema.PackageSpec
	if err := json.Unmarshal(data, &spec); err != nil {
		return nil, fmt.Errorf("the schema is not valid JSON: %w", err)
	}
	pkg, diags, err := schema.BindSpec(spec, noPackages{}, schema.ValidationOptions{})
	if err != nil {
		return nil, err
	}
	if diags.HasErrors() {
		return nil, fmt.Errorf("the schema does not bind: %s", diags.Error())
	}
	return pkg, nil
}

func write(dir string, files map[string][]byte) error {
	for name, content := range files {
		path := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			return err
		}
		if err := os.WriteFile(path, content, 0o644); err != nil {
			return err
		}
	}
	return nil
}
